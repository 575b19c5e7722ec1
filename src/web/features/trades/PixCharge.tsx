import { formatPrice } from '@shared/money';
import type { TradeView } from '@shared/trades';
import { fieldClasses } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { QrCode } from 'lucide-react';
import { useId } from 'react';
import { CopyButton } from './CopyButton';

type Charge = NonNullable<TradeView['charge']>;

/**
 * The PIX charge the buyer pays: the QR code (the server's SVG shown as an image, so none of its markup enters
 * the page), the copia-e-cola text to copy, the amount, and who confirms the payment.
 */
export function PixCharge({ charge, forBuyer }: { charge: Charge; forBuyer: boolean }) {
  const id = useId();
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(charge.qrSvg)}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <QrCode aria-hidden className="size-5 text-accent" />
        <h3 className="font-semibold text-fg">{forBuyer ? 'Pague com PIX' : 'Cobrança PIX do comprador'}</h3>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={qr}
          alt={`QR Code PIX de ${formatPrice(charge.amountCents)}`}
          width={192}
          height={192}
          className="size-48 shrink-0 self-center rounded-xl bg-white p-2 sm:self-start"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p className="text-sm text-muted">
            Valor:{' '}
            <strong className="font-display text-xl text-accent">{formatPrice(charge.amountCents)}</strong>
          </p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-pix`} className="text-sm font-medium text-fg">
              PIX copia e cola
            </label>
            <textarea
              id={`${id}-pix`}
              readOnly
              rows={3}
              value={charge.copiaECola}
              onFocus={(event) => event.currentTarget.select()}
              className={cn(fieldClasses, 'h-auto! resize-none px-3.5 py-2.5 font-mono text-xs break-all')}
            />
          </div>
          <CopyButton text={charge.copiaECola} label="Copiar código PIX" className="self-start" />
          <p className="text-sm text-muted">
            {charge.automatic
              ? 'O pagamento é confirmado automaticamente assim que o PIX for recebido.'
              : 'O intermediador confirma o pagamento assim que o PIX for recebido.'}{' '}
            O valor fica retido até a confirmação da entrega.
          </p>
        </div>
      </div>
    </div>
  );
}
