import { buyerPaysLine } from '@shared/fees';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { cn } from '@web/lib/cn';
import { MessageCircle, ShieldCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BuyNow } from './buy-now';

const optionClasses =
  'flex w-full items-start gap-3 rounded-xl border p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60';

/**
 * The choice behind 'Comprar agora' (BuyNowButton, which loads this with Radix when first pressed): the protected
 * purchase first and foremost (the trade room, payment held until the delivery is confirmed), the seller's WhatsApp
 * below it as the secondary way, with the warning that paying outside the platform voids the protection.
 */
export default function BuyChoiceDialog({
  buyNow,
  priceCents,
  open,
  onOpenChange,
}: {
  buyNow: BuyNow;
  priceCents: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const busy = buyNow.protectedBusy;

  const chooseProtected = () =>
    void buyNow.buyProtected().then((started) => {
      if (!started) onOpenChange(false);
    });
  const chooseWhatsapp = () => {
    onOpenChange(false);
    buyNow.contactSeller();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Como você quer comprar?</DialogTitle>
        <DialogDescription>{buyerPaysLine(priceCents)}</DialogDescription>
        <div className="mt-5 flex flex-col gap-3">
          <Option
            onClick={chooseProtected}
            busy={busy}
            icon={<ShieldCheck aria-hidden className="size-6 text-accent" />}
            title="Compra protegida"
            badge="Recomendado"
            className="border-accent/60 bg-accent-soft hover:border-accent"
          >
            Um intermediador da equipe segura o seu pagamento por PIX até você confirmar que recebeu o
            produto.
          </Option>
          <p className="mt-1 text-center text-xs font-medium uppercase tracking-wide text-subtle">ou</p>
          <Option
            onClick={chooseWhatsapp}
            busy={false}
            disabled={busy}
            icon={<MessageCircle aria-hidden className="size-5 text-muted" />}
            title="Falar pelo WhatsApp"
            className="border-line bg-transparent py-3 hover:border-line-strong"
          >
            Veja o WhatsApp do vendedor e combine a compra direto com ele.
          </Option>
          <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-fg">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>
              <strong>Pagar fora da plataforma anula a proteção.</strong> Um PIX feito direto ao vendedor não
              passa pela intermediação: se o produto não chegar, não há reembolso pelo Mercado Gamer.
            </span>
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** One way to buy: its name is all it says (title, badge, text), as axe's label-content-name-mismatch asks. */
function Option({
  onClick,
  busy,
  disabled,
  icon,
  title,
  badge,
  className,
  children,
}: {
  onClick: () => void;
  busy: boolean;
  disabled?: boolean;
  icon: ReactNode;
  title: string;
  badge?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={cn(optionClasses, className)}
    >
      <span className="mt-0.5 shrink-0">
        {busy ? (
          <span
            aria-hidden
            className="block size-6 animate-spin rounded-full border-2 border-accent border-t-transparent"
          />
        ) : (
          icon
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-fg">{title}</span>
          {badge && (
            <span className="rounded-full bg-accent px-2 py-0.5 text-[0.7rem] font-bold uppercase tracking-wide text-accent-fg">
              {badge}
            </span>
          )}
        </span>
        <span className="mt-1 block text-sm text-muted">{children}</span>
      </span>
    </button>
  );
}
