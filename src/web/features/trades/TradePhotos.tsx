import { tradeMessages as m } from '@shared/trade-messages';
import { MAX_TRADE_PHOTOS, type TradePhoto, tradeRoleLabels } from '@shared/trades';
import { PhotoPicker } from '@web/components/photos/PhotoPicker';
import type { Photo } from '@web/components/photos/photos';
import { Field } from '@web/components/ui/field';

/** The optional photos of a step (delivery proof, dispute evidence): up to 4, images only, 5 MB each. */
export function TradePhotoField({
  id,
  label,
  altPrefix,
  photos,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  altPrefix: string;
  photos: Photo[];
  onChange: (photos: Photo[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  return (
    <Field htmlFor={`${id}-photos`} label={label} error={error}>
      <PhotoPicker
        id={`${id}-photos`}
        photos={photos}
        onChange={onChange}
        disabled={disabled}
        invalid={Boolean(error)}
        max={MAX_TRADE_PHOTOS}
        tooMany={m.tooManyPhotos}
        hasPrimary={false}
        altPrefix={altPrefix}
      />
    </Field>
  );
}

/**
 * A step's body: JSON when no photo was picked, else the multipart form the same route reads (the text fields
 * beside the files under 'photos'). Blank fields are left out.
 */
export function stepBody(fields: Record<string, string>, photos: Photo[]): Record<string, string> | FormData {
  const filled = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
  if (photos.length === 0) return filled;
  const form = new FormData();
  for (const [name, value] of Object.entries(filled)) form.append(name, value);
  for (const photo of photos) if (photo.kind === 'new') form.append('photos', photo.file);
  return form;
}

/** Photos of the room: thumbnails, each opening its full size in a new tab. */
export function TradePhotoGallery({
  photos,
  altPrefix,
  label,
}: {
  photos: TradePhoto[];
  /** 'Comprovante de entrega' → 'Comprovante de entrega 1', 'Comprovante de entrega 2'... */
  altPrefix: string;
  label: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-2">
      {photos.map((photo, index) => (
        <li key={photo.id} className="flex flex-col items-center gap-1">
          <a
            href={`${photo.url}?w=1280`}
            target="_blank"
            rel="noopener"
            title="Abrir em tamanho real"
            className="block size-20 overflow-hidden rounded-lg border border-line bg-surface-3 transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-accent sm:size-24"
          >
            <img
              src={`${photo.url}?w=320`}
              alt={`${altPrefix} ${index + 1}`}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          </a>
          {photo.purpose === 'dispute_evidence' && photo.uploadedByRole && (
            <span className="text-xs text-subtle">{tradeRoleLabels[photo.uploadedByRole]}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
