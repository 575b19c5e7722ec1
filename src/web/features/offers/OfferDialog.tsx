import { zodResolver } from '@hookform/resolvers/zod';
import { formatPrice, parsePriceCents } from '@shared/money';
import { isLowOffer } from '@shared/offer-constants';
import { offerMessages as m } from '@shared/offer-messages';
import { MAX_OFFER_MESSAGE, type MakeOfferInput, makeOfferInput } from '@shared/offers';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { Send, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useMakeOffer } from './api';
import { useAskToLogIn } from './ask-to-log-in';
import type { MakeOfferButtonProps } from './MakeOfferButton';

type Output = { amount: number; message?: string | null };

/**
 * MakeOfferButton's dialog, loaded with react-hook-form, the offer's zod schema and Radix when first opened. The
 * form starts empty at each opening.
 */
export default function OfferDialog({
  listing,
  open,
  onOpenChange,
}: {
  listing: MakeOfferButtonProps['listing'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <OfferForm listing={listing} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function OfferForm({ listing, onDone }: { listing: MakeOfferButtonProps['listing']; onDone: () => void }) {
  const id = useId();
  const make = useMakeOffer(listing.id);
  const askToLogIn = useAskToLogIn();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<MakeOfferInput, unknown, Output>({
    resolver: zodResolver(makeOfferInput) as unknown as Resolver<MakeOfferInput, unknown, Output>,
    defaultValues: { amount: '', message: '' },
  });

  const invalidAmount = () => toast.error(m.invalidAmountTitle, { description: m.invalidAmount });

  const onSubmit = handleSubmit(
    // The server reads the amount as typed, with the same rule the form just checked.
    () =>
      make.mutateAsync(getValues()).then(
        () => {
          toast.success(m.sentTitle, { description: m.sent });
          onDone();
        },
        (error: unknown) => {
          if (isApiError(error) && error.status === 401) {
            onDone();
            return askToLogIn();
          }
          if (isApiError(error) && error.status === 403)
            return toast.error(m.ownListingTitle, { description: error.message });
          if (isApiError(error) && error.fields.amount) {
            setError('amount', { type: 'server', message: error.fields.amount }, { shouldFocus: true });
            return invalidAmount();
          }
          toast.error(m.sendFailed, {
            description: isApiError(error) && error.isClientError ? error.message : undefined,
          });
        },
      ),
    (invalid) => {
      if (invalid.amount) invalidAmount();
    },
  );

  // Far below the price: the buyer is warned, and may still send it (the seller sees it labelled).
  const typedCents = parsePriceCents(useWatch({ control, name: 'amount' }) ?? '');
  const low = typedCents > 0 && isLowOffer(typedCents, listing.priceCents);
  const amountId = `${id}-amount`;
  const messageId = `${id}-message`;
  const amountError = errors.amount?.message;
  const messageError = errors.message?.message;
  return (
    <DialogContent aria-describedby={`${id}-description`}>
      <DialogTitle>Fazer oferta</DialogTitle>
      <DialogDescription id={`${id}-description`}>
        Proponha um valor para <strong className="font-semibold text-fg">{listing.title}</strong>. O vendedor
        pode aceitar ou recusar; se aceitar, esse é o valor da compra e você já pode pagar por PIX.
      </DialogDescription>
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
        <Field
          htmlFor={amountId}
          label="Sua oferta (R$)"
          error={amountError}
          hint={
            <>
              <p className="text-xs text-subtle">Preço anunciado: {formatPrice(listing.priceCents)}</p>
              <p aria-live="polite" className="empty:hidden">
                {low && (
                  <span className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-2.5 text-sm text-fg">
                    <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
                    {m.lowOfferWarning}
                  </span>
                )}
              </p>
            </>
          }
        >
          <Input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            {...describedBy(amountId, Boolean(amountError))}
            {...register('amount')}
          />
        </Field>
        <Field htmlFor={messageId} label="Mensagem (opcional)" error={messageError}>
          <textarea
            id={messageId}
            rows={3}
            maxLength={MAX_OFFER_MESSAGE}
            placeholder="Ex.: Consigo pagar hoje ainda."
            className={cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5')}
            {...describedBy(messageId, Boolean(messageError))}
            {...register('message')}
          />
        </Field>
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={make.isPending} onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" busy={make.isPending}>
            {!make.isPending && <Send aria-hidden />}
            {make.isPending ? 'Enviando...' : 'Enviar oferta'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
