import { formatPrice } from '@shared/money';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { cn } from '@web/lib/cn';
import { Info, MessageCircle, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { BuyNow } from './buy-now';

const optionClasses =
  'flex w-full items-start gap-3 rounded-xl border p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60';

/**
 * The choice behind 'Comprar agora' (BuyNowButton, which loads this with Radix when first pressed): the protected
 * purchase (recommended: the trade room, payment held until the delivery is confirmed) or the seller's WhatsApp.
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
  const id = useId();
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
        <DialogDescription>Valor do produto: {formatPrice(priceCents)}</DialogDescription>
        <div className="mt-5 flex flex-col gap-3">
          <Option
            id={`${id}-protected`}
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
          <Option
            id={`${id}-whatsapp`}
            onClick={chooseWhatsapp}
            busy={false}
            disabled={busy}
            icon={<MessageCircle aria-hidden className="size-6 text-muted" />}
            title="Falar pelo WhatsApp"
            className="border-line-strong bg-surface-3 hover:border-subtle"
          >
            Veja o WhatsApp do vendedor e combine a compra direto com ele.
          </Option>
          <p className="flex items-start gap-2 text-xs text-muted">
            <Info aria-hidden className="mt-px size-3.5 shrink-0 text-warning" />
            Negócios fechados fora da plataforma não têm a proteção da intermediação.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Option({
  id,
  onClick,
  busy,
  disabled,
  icon,
  title,
  badge,
  className,
  children,
}: {
  id: string;
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
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
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
          <span id={`${id}-title`} className="font-semibold text-fg">
            {title}
          </span>
          {badge && (
            <span className="rounded-full bg-accent px-2 py-0.5 text-[0.7rem] font-bold uppercase tracking-wide text-accent-fg">
              {badge}
            </span>
          )}
        </span>
        <span id={`${id}-text`} className="mt-1 block text-sm text-muted">
          {badge && <span className="sr-only">{badge}. </span>}
          {children}
        </span>
      </span>
    </button>
  );
}
