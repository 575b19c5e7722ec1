import { formatPrice } from '@shared/money';
import { type PixKeyType, pixKeyTypeLabels } from '@shared/pix';
import { tradeMessages as m } from '@shared/trade-messages';
import type { TradeView } from '@shared/trades';
import type { DeskPayout } from '@shared/trades-desk';
import { Button } from '@web/components/ui/button';
import { formatDateAtTime } from '@web/lib/format';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { CopyButton } from './CopyButton';
import { MoneyConfirmDialog } from './MoneyConfirmDialog';
import { E2EField, useStepForm } from './StepShell';
import { centsToReais, type ReleaseFields } from './trade-forms';

/** A payout as the room and the 'Repasses' desk both show it. */
export interface Payout {
  trade: { id: number; listing: { title: string } };
  sellerName: string;
  amountCents: number;
  feeCents: number;
  /** What the seller receives, after the fee. */
  payoutCents: number;
  keyType: string | null;
  /** As shown: in full for admins, masked for anyone else (the server decides). */
  pixKey: string | null;
  /** The key as a bank's app takes it; null where it is not to be copied. */
  pixKeyToCopy: string | null;
  holderName: string | null;
  /** Null while the payout is not due yet. */
  dueAt: string | null;
}

/** The room's payout; `copyable` for the admin who pays it. */
export function payoutOfTrade(trade: TradeView, copyable = false): Payout {
  const payout = trade.payout;
  return {
    trade,
    sellerName: trade.seller.name,
    amountCents: trade.amountCents,
    feeCents: trade.feeCents,
    payoutCents: payout?.amountCents ?? trade.sellerShareCents,
    keyType: payout?.keyType ?? null,
    pixKey: payout?.pixKey ?? null,
    pixKeyToCopy: copyable ? (payout?.pixKey ?? null) : null,
    holderName: payout?.holderName ?? null,
    dueAt: payout?.dueAt ?? null,
  };
}

/** A payout of the 'Repasses' desk. */
export function payoutOfDesk(p: DeskPayout): Payout {
  return {
    trade: { id: p.id, listing: { title: p.listingTitle } },
    sellerName: p.sellerName,
    amountCents: p.amountCents,
    feeCents: p.feeCents,
    payoutCents: p.payoutCents,
    keyType: p.keyType,
    pixKey: p.pixKey,
    pixKeyToCopy: p.pixKeyToCopy,
    holderName: p.holderName,
    dueAt: p.dueAt,
  };
}

const keyTypeLabel = (type: string | null) =>
  type && type in pixKeyTypeLabels ? pixKeyTypeLabels[type as PixKeyType] : (type ?? '—');

/**
 * The payout as a list: key type, key, holder, amount after the fee, and when it became due. Copy buttons where
 * the key may be copied (admins).
 */
export function PayoutDetails({ payout }: { payout: Payout }) {
  const row = 'flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3';
  const term = 'text-xs font-medium uppercase tracking-wide text-subtle sm:w-32 sm:shrink-0';
  const copyable = payout.pixKeyToCopy !== null;
  return (
    <dl className="flex flex-col gap-3 rounded-xl border border-line-strong bg-surface-2 p-4 text-sm">
      <div className={row}>
        <dt className={term}>Tipo de chave</dt>
        <dd className="text-fg">{payout.pixKey ? keyTypeLabel(payout.keyType) : '—'}</dd>
      </div>
      <div className={row}>
        <dt className={term}>Chave PIX</dt>
        <dd className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          {payout.pixKey ? (
            <>
              <span className="font-mono break-all text-fg">{payout.pixKey}</span>
              {payout.pixKeyToCopy && (
                <CopyButton text={payout.pixKeyToCopy} label="Copiar chave" className="h-8 px-3" />
              )}
            </>
          ) : (
            <span className="text-muted">O vendedor ainda não tem chave PIX padrão</span>
          )}
        </dd>
      </div>
      <div className={row}>
        <dt className={term}>Titular</dt>
        <dd className="text-fg">
          {/* The server leaves the full name out where the seller's profile is private: their nickname then. */}
          {payout.holderName ??
            (payout.pixKey ? `${payout.sellerName} (apelido; nome completo privado)` : '—')}
        </dd>
      </div>
      <div className={row}>
        <dt className={term}>Valor a enviar</dt>
        <dd className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <span className="font-display text-lg font-bold text-accent">
            {formatPrice(payout.payoutCents)}
          </span>
          {copyable && (
            <CopyButton text={centsToReais(payout.payoutCents)} label="Copiar valor" className="h-8 px-3" />
          )}
          <span className="w-full text-xs text-muted">
            {formatPrice(payout.amountCents)} menos a taxa de {formatPrice(payout.feeCents)}
          </span>
        </dd>
      </div>
      {payout.dueAt && (
        <div className={row}>
          <dt className={term}>Devido desde</dt>
          <dd className="text-fg">{formatDateAtTime(payout.dueAt)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Paying a payout (admins), in the room and on the 'Repasses' desk alike: everything the transfer needs (the key
 * fixed on the trade when the payout became due, in full; the holder; the exact amount after the fee), then the
 * transfer's E2E id, and a last look before the trade completes. `onPaid` says what follows where it is shown.
 */
export function PayoutPanel({ payout, onPaid }: { payout: Payout; onPaid: (view: TradeView) => void }) {
  const form = useStepForm<ReleaseFields, { endToEndId: string }>({
    tradeId: payout.trade.id,
    action: 'release',
    defaultValues: { endToEndId: '' },
  });
  const opener = useRef<HTMLButtonElement>(null);
  const [body, setBody] = useState<{ endToEndId: string } | null>(null);
  const hasKey = Boolean(payout.pixKey);
  const send = () => {
    if (!body) return;
    form.send(body).then(
      (after) => {
        setBody(null);
        onPaid(after);
      },
      (error: unknown) => {
        setBody(null);
        form.fail(error, m.finishFailed);
      },
    );
  };
  return (
    <>
      <PayoutDetails payout={payout} />
      {!hasKey && (
        <div role="alert" className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-semibold text-fg">{m.pixKeyRequiredTitle}</p>
          <p className="text-muted">{m.payoutKeyMissing}</p>
        </div>
      )}
      <form noValidate onSubmit={form.handleSubmit(setBody)} className="flex flex-col gap-3">
        <E2EField
          form={form}
          label="Identificador da transferência (E2E)"
          hint="Os 32 caracteres do comprovante do PIX que você enviou."
          disabled={!hasKey}
        />
        <Button
          ref={opener}
          type="submit"
          disabled={!hasKey}
          className="self-start"
          aria-label={`Pagar repasse da intermediação #${payout.trade.id}`}
        >
          <Send aria-hidden />
          Pagar repasse
        </Button>
      </form>
      <MoneyConfirmDialog
        open={body !== null}
        onOpenChange={(open) => !open && setBody(null)}
        trade={payout.trade}
        amountCents={payout.payoutCents}
        title="Registrar o repasse?"
        description="Confira que o PIX saiu com este valor para a chave abaixo. A intermediação termina e o vendedor é avisado."
        confirmLabel="Confirmar repasse"
        busyLabel="Registrando..."
        busy={form.busy}
        onConfirm={send}
        returnFocusTo={opener}
      >
        {payout.pixKey && (
          <p>
            Chave: <span className="font-mono break-all text-fg">{payout.pixKey}</span>
            {payout.holderName && ` · ${payout.holderName}`}
          </p>
        )}
        {body && (
          <p>
            E2E: <span className="font-mono break-all text-fg">{body.endToEndId}</span>
          </p>
        )}
      </MoneyConfirmDialog>
    </>
  );
}
