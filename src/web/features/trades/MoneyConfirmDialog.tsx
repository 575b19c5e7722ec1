import { formatPrice } from '@shared/money';
import type { TradeView } from '@shared/trades';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import type { ReactNode, RefObject } from 'react';

/** Which trade a money action moves money of: its number and its listing's title. */
export type MoneyTrade = Pick<TradeView, 'id'> & { listing: Pick<TradeView['listing'], 'title'> };

/** 'Intermediação #12 · R$ 189,90 · Título': which trade, and how much, a money action moves. */
export function tradeMoneyLine(trade: MoneyTrade, amountCents: number): string {
  return `Intermediação #${trade.id} · ${formatPrice(amountCents)} · ${trade.listing.title}`;
}

/** The trade and the amount, set apart at the top of a money dialog. */
export function TradeMoneySummary({ trade, amountCents }: { trade: MoneyTrade; amountCents: number }) {
  return (
    <p className="mt-4 rounded-lg border border-line-strong bg-surface-3 px-3.5 py-2.5 text-sm font-semibold break-words text-fg">
      {tradeMoneyLine(trade, amountCents)}
    </p>
  );
}

/**
 * The last look before money moves (confirming a payment, paying a payout): the dialog repeats the trade and the
 * amount, and only its own button sends. Closing it gives focus back to the button that opened it.
 */
export function MoneyConfirmDialog({
  open,
  onOpenChange,
  trade,
  amountCents,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trade: MoneyTrade;
  amountCents: number;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <TradeMoneySummary trade={trade} amountCents={amountCents} />
        {children && <div className="mt-3 flex flex-col gap-1 text-sm text-muted">{children}</div>}
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            Voltar
          </Button>
          <Button busy={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
