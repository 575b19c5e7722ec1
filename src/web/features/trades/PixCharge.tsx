import { formatPrice } from '@shared/money';
import type { TradeView } from '@shared/trades';
import { Button } from '@web/components/ui/button';
import { fieldClasses } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { ChevronDown, QrCode } from 'lucide-react';
import { useId, useState } from 'react';
import { CopyButton } from './CopyButton';

type Charge = NonNullable<TradeView['charge']>;

/**
 * The PIX charge the buyer pays: the amount, the copia-e-cola text to copy, the QR code (the server's SVG shown as
 * an image, so none of its markup enters the page) and who confirms the payment. On a phone nobody can scan their
 * own screen: 'Copiar código PIX' comes first, full width, and the QR code waits behind 'Mostrar QR code' (to pay
 * from another device). From 640px the QR code shows beside the text.
 */
export function PixCharge({ charge, forBuyer }: { charge: Charge; forBuyer: boolean }) {
  const id = useId();
  const [qrShown, setQrShown] = useState(false);
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(charge.qrSvg)}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <QrCode aria-hidden className="size-5 text-accent" />
        <h3 className="font-semibold text-fg">{forBuyer ? 'Pague com PIX' : 'Cobrança PIX do comprador'}</h3>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="order-2 flex flex-col items-center gap-2 sm:order-1 sm:items-start">
          <Button
            variant="ghost"
            size="sm"
            className="sm:hidden"
            aria-expanded={qrShown}
            aria-controls={`${id}-qr`}
            onClick={() => setQrShown((shown) => !shown)}
          >
            <QrCode aria-hidden />
            {qrShown ? 'Ocultar QR code' : 'Mostrar QR code'}
            <ChevronDown aria-hidden className={cn('transition-transform', qrShown && 'rotate-180')} />
          </Button>
          <div
            id={`${id}-qr`}
            className={cn('flex-col items-center gap-1 sm:flex', qrShown ? 'flex' : 'hidden')}
          >
            <img
              src={qr}
              alt={`QR Code PIX de ${formatPrice(charge.amountCents)}`}
              width={192}
              height={192}
              className="size-48 shrink-0 rounded-xl bg-white p-2"
            />
            <p className="text-xs text-muted sm:hidden">Escaneie com o app do banco em outro aparelho.</p>
          </div>
        </div>
        <div className="order-1 flex min-w-0 flex-1 flex-col gap-3 sm:order-2">
          <p className="text-sm text-muted">
            Valor:{' '}
            <strong className="font-display text-xl text-accent">{formatPrice(charge.amountCents)}</strong>
          </p>
          <CopyButton
            text={charge.copiaECola}
            label="Copiar código PIX"
            variant="primary"
            size="lg"
            className="w-full sm:order-last sm:w-auto sm:self-start"
          />
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
          <p className="text-sm text-muted sm:order-last">
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
