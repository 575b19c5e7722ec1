import { zodResolver } from '@hookform/resolvers/zod';
import { FEE_RATE_BPS, sellerReceivesLine } from '@shared/fees';
import { categoryTabs } from '@shared/listing-kinds';
import { listingMessages as m } from '@shared/listing-messages';
import { listingFields, MAX_PHOTOS, type OwnListing } from '@shared/listings';
import { MAX_PRICE_CENTS, parsePriceCents } from '@shared/money';
import { PhotoPicker } from '@web/components/photos/PhotoPicker';
import { existingPhotos, type Photo } from '@web/components/photos/photos';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { useGames } from '@web/features/games/api';
import {
  INSTANT_DELIVERY_HINT,
  instantDeliveryOf,
  takesInstantDelivery,
} from '@web/features/listings/instant';
import { useMyReputation } from '@web/features/reputation/api';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { useEffect, useId, useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

const formSchema = listingFields.extend({
  photos: z.array(z.custom<Photo>()).min(1, m.photoRequired).max(MAX_PHOTOS, m.tooManyPhotos),
  /** 'Entrega automática' (issue 37): sent only for the kinds that take it (items, coins, accounts). */
  instantDelivery: z.boolean(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type FieldName = keyof FormInput;

const fieldNames: readonly FieldName[] = [
  'photos',
  'gameId',
  'kind',
  'title',
  'description',
  'price',
  'quantity',
  'whatsapp',
];
const kinds = categoryTabs.filter((tab) => tab.value !== 'all');

/** 1990 → '19,90', as a Brazilian would type it. */
function priceInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

function defaults(listing: OwnListing | undefined): FormInput {
  return {
    photos: listing ? existingPhotos(listing.images) : [],
    gameId: listing ? String(listing.game.id) : '',
    kind: listing?.kind ?? 'items',
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    price: listing ? priceInput(listing.priceCents) : '',
    quantity: listing ? String(listing.quantity) : '1',
    whatsapp: listing?.whatsapp ?? '',
    instantDelivery: listing ? instantDeliveryOf(listing) : false,
  };
}

/** The multipart body of POST/PUT /api/listings: the parsed fields, the photos' order, new files. */
function toFormData(values: FormOutput, editing: boolean): FormData {
  const body = new FormData();
  body.set('gameId', String(values.gameId));
  body.set('kind', values.kind);
  body.set('title', values.title);
  body.set('description', values.description);
  body.set('price', values.price);
  body.set('quantity', String(values.quantity));
  body.set('whatsapp', values.whatsapp);
  body.set('instantDelivery', String(values.instantDelivery && takesInstantDelivery(values.kind)));
  if (editing) {
    // The photos in the order shown: a kept photo by its id, a new one as 'new' (the next file sent).
    const order = values.photos.map((photo) => (photo.kind === 'existing' ? photo.image.id : 'new'));
    body.set('photoOrder', JSON.stringify(order));
  }
  for (const photo of values.photos) if (photo.kind === 'new') body.append('photos', photo.file);
  return body;
}

/** The first problem to raise as a toast when the form does not validate. */
function invalidToast(errors: FieldErrors<FormInput>): void {
  const messages = fieldNames.map((name) => errors[name]?.message).filter(Boolean);
  if (messages.includes(m.required)) toast.error(m.required);
  else if (errors.photos) toast.error(m.photoRequiredTitle, { description: errors.photos.message });
  else if (messages[0]) toast.error(messages[0]);
}

/** Under a field, the long 'fill in every required field' sentence reads as a short flag. */
function shown(message: string | undefined): string | undefined {
  return message === m.required ? 'Campo obrigatório' : message;
}

export interface ListingFormProps {
  /** The listing being edited; publishing when absent. */
  listing?: OwnListing;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
  /** Sends the body; the promise settles when the server answered. Toasts and navigation are the caller's. */
  onSubmit: (body: FormData, onProgress: (fraction: number) => void) => Promise<unknown>;
  /** A failed send, after the server's per-field messages have been put under the fields. */
  onError: (error: unknown) => void;
}

/** The one publish/edit form (DESIGN §1): photos, game, kind, title, description, price, quantity, WhatsApp. */
export function ListingForm({
  listing,
  submitLabel,
  pendingLabel,
  onCancel,
  onSubmit,
  onError,
}: ListingFormProps) {
  const id = useId();
  const games = useGames();
  const [progress, setProgress] = useState<number | null>(null);
  const [preparingPhotos, setPreparingPhotos] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(listing),
  });

  useEffect(() => {
    if (games.isError) toast.error(m.publishFailedTitle, { description: m.gamesFailed });
  }, [games.isError]);

  const submit = handleSubmit(async (values) => {
    setProgress(0);
    try {
      await onSubmit(toFormData(values, Boolean(listing)), setProgress);
    } catch (error) {
      if (isApiError(error)) {
        for (const [name, message] of Object.entries(error.fields)) {
          const field = fieldNames.find((candidate) => candidate === name);
          if (field) setError(field, { type: 'server', message });
        }
      }
      onError(error);
    } finally {
      setProgress(null);
    }
  }, invalidToast);

  const controlProps = (name: FieldName) => {
    const message = errors[name]?.message;
    return {
      id: `${id}-${name}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${id}-${name}-error` : undefined,
    } as const;
  };
  const error = (name: FieldName) => shown(errors[name]?.message);
  const kind = useWatch({ control, name: 'kind' });
  const instantOn = useWatch({ control, name: 'instantDelivery' });
  // With instant delivery the stock is the number of unsold codes in the vault: no quantity to type.
  const instant = instantOn && takesInstantDelivery(kind);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Field htmlFor={`${id}-photos`} label="Fotos" error={error('photos')}>
        <Controller
          control={control}
          name="photos"
          render={({ field }) => (
            <PhotoPicker
              id={`${id}-photos`}
              photos={field.value}
              onChange={field.onChange}
              disabled={isSubmitting}
              invalid={Boolean(errors.photos)}
              onPreparingChange={setPreparingPhotos}
            />
          )}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field htmlFor={`${id}-gameId`} label="Jogo" error={error('gameId')}>
          {games.data ? (
            <Select
              {...controlProps('gameId')}
              required
              className="invalid:text-subtle [&>option]:text-fg"
              {...register('gameId')}
            >
              <option value="" disabled>
                Selecione o jogo
              </option>
              {games.data.map((game) => (
                <option key={game.id} value={String(game.id)}>
                  {game.name}
                </option>
              ))}
            </Select>
          ) : (
            // The real select mounts with its options, so an edited listing's game shows selected.
            <Select id={`${id}-gameId`} disabled>
              <option>{games.isPending ? 'Carregando jogos...' : m.gamesFailed}</option>
            </Select>
          )}
        </Field>
        <Field htmlFor={`${id}-kind`} label="Categoria" error={error('kind')}>
          <Select {...controlProps('kind')} {...register('kind')}>
            {kinds.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      {takesInstantDelivery(kind) && (
        <div className="flex items-start justify-between gap-4 rounded-xl border border-line bg-surface-2 p-4">
          <div className="min-w-0">
            <label htmlFor={`${id}-instant`} className="font-semibold text-fg">
              Entrega automática
            </label>
            <p id={`${id}-instant-hint`} className="mt-0.5 text-sm text-muted">
              {INSTANT_DELIVERY_HINT}
            </p>
          </div>
          <Controller
            control={control}
            name="instantDelivery"
            render={({ field }) => (
              <Switch
                id={`${id}-instant`}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                disabled={isSubmitting}
                aria-describedby={`${id}-instant-hint`}
                className="mt-0.5"
              />
            )}
          />
        </div>
      )}

      <Field htmlFor={`${id}-title`} label="Título" error={error('title')}>
        <Input
          {...controlProps('title')}
          maxLength={120}
          placeholder="Ex.: Conta Valorant Imortal"
          {...register('title')}
        />
      </Field>

      <Field htmlFor={`${id}-description`} label="Descrição" error={error('description')}>
        <textarea
          {...controlProps('description')}
          rows={4}
          maxLength={5000}
          placeholder="Conte o que está incluso, o estado da conta, como é feita a entrega…"
          className={cn(fieldClasses, 'h-auto! min-h-28 resize-y px-3.5 py-2.5')}
          {...register('description')}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-3">
        <Field htmlFor={`${id}-price`} label="Preço (R$)" error={error('price')}>
          <Input
            {...controlProps('price')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            {...register('price')}
          />
        </Field>
        <SellerReceives control={control} />
        {instant ? (
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium text-fg">Quantidade</p>
            <p className="text-sm text-muted">O estoque é o número de códigos disponíveis.</p>
          </div>
        ) : (
          <Field htmlFor={`${id}-quantity`} label="Quantidade" error={error('quantity')}>
            <Input
              {...controlProps('quantity')}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...register('quantity')}
            />
          </Field>
        )}
        <Field htmlFor={`${id}-whatsapp`} label="WhatsApp" error={error('whatsapp')}>
          <Input
            {...controlProps('whatsapp')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(11) 98765-4321"
            {...register('whatsapp')}
          />
        </Field>
      </div>

      {progress !== null && (
        <div className="flex flex-col gap-1.5">
          <div className="flex justify-between text-xs text-muted">
            <span>Enviando...</span>
            <span>{Math.round(progress * 100)}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Envio das fotos"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-surface-3"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-200"
              style={{ width: `${progress * 100}%` }}
            />
          </div>
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" busy={isSubmitting} disabled={preparingPhotos}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Você recebe R$ 95,00 (taxa de R$ 5,00)' under the price as it is typed, at the seller's current rate (their
 * seals lower it; the server's figure, the one a trade opened now would fix). Until the rate arrives nothing is
 * said; if it cannot be read, the full rate, which never understates the fee.
 */
function SellerReceives({ control }: { control: Control<FormInput> }) {
  const mine = useMyReputation(true);
  const priceCents = parsePriceCents(String(useWatch({ control, name: 'price' }) ?? ''));
  const rateBps = mine.data?.feeRateBps ?? (mine.isError ? FEE_RATE_BPS : null);
  const shown = rateBps !== null && priceCents > 0 && priceCents <= MAX_PRICE_CENTS;
  // The live region stays in the page (empty and hidden meanwhile) so the line is read as it changes.
  return (
    // Under the price on a phone; on a wider screen a full row under the price, quantity and WhatsApp.
    <p
      aria-live="polite"
      className="-mt-3 text-sm font-medium text-fg empty:hidden sm:order-last sm:col-span-3"
    >
      {shown && sellerReceivesLine(priceCents, rateBps)}
    </p>
  );
}
