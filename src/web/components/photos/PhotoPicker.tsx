import { listingMessages as m } from '@shared/listing-messages';
import { MAX_PHOTOS } from '@shared/listings';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { ChevronLeft, ChevronRight, ImagePlus, LoaderCircle, Star, X } from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { checkSelection, movePhoto, newPhotos, type Photo, photoSrc, revokePhoto } from './photos';
import { preparePhotos } from './prepare-photos';

export interface PhotoPickerProps {
  id: string;
  photos: Photo[];
  onChange: (photos: Photo[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** At most this many (a listing's 8 by default), and what is said when a selection passes it. */
  max?: number;
  tooMany?: string;
  /** A listing's first photo is its cover ('Principal'); other forms' photos are all alike. */
  hasPrimary?: boolean;
  /** The alt text of each preview, numbered from 1. */
  altPrefix?: string;
  /** Told while picked files are being decoded and converted, so the form waits for them. */
  onPreparingChange?: (preparing: boolean) => void;
}

/**
 * Picks photos (click or drop), decodes each in the browser (converting HEIC and scaling down what passes 5 MB,
 * naming a file that is not an image), previews them, and lets each be removed or moved: a listing's 1 to 8,
 * whose first is 'Principal' (any can be made the cover), or the few a trade's step takes.
 */
export function PhotoPicker({
  id,
  photos,
  onChange,
  disabled = false,
  invalid = false,
  max = MAX_PHOTOS,
  tooMany,
  hasPrimary = true,
  altPrefix = 'Foto',
  onPreparingChange,
}: PhotoPickerProps) {
  const [dragging, setDragging] = useState(false);
  const [preparing, setPreparing] = useState(false);

  // Object URLs of photos still shown when the form goes away (published, cancelled) are released here.
  const shown = useRef(photos);
  shown.current = photos;
  useEffect(() => () => shown.current.forEach(revokePhoto), []);

  const showPreparing = (value: boolean) => {
    setPreparing(value);
    onPreparingChange?.(value);
  };

  const add = async (files: File[]) => {
    if (files.length === 0 || preparing) return;
    const problem = checkSelection(files, photos.length, max, tooMany);
    if (problem) {
      toast.error(problem.title, problem.description ? { description: problem.description } : undefined);
      return;
    }
    showPreparing(true);
    try {
      const prepared = await preparePhotos(files, photos.length + 1);
      if ('problem' in prepared) {
        const { title, description } = prepared.problem;
        toast.error(title, description ? { description } : undefined);
        return;
      }
      // The photos as they are now: one may have been removed while these were decoded.
      onChange([...shown.current, ...newPhotos(prepared.files)]);
    } finally {
      showPreparing(false);
    }
  };

  const remove = (photo: Photo) => {
    revokePhoto(photo);
    onChange(photos.filter((p) => p.key !== photo.key));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void add([...event.dataTransfer.files]);
  };

  const full = photos.length >= max;
  const locked = disabled || preparing;
  const move = (from: number, to: number) => onChange(movePhoto(photos, from, to));

  return (
    <div className="flex flex-col gap-3">
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
          'has-[:focus-visible]:border-accent has-[:focus-visible]:bg-accent-soft',
          dragging
            ? 'border-accent bg-accent-soft'
            : 'border-line-strong bg-surface-3/40 hover:border-accent/60',
          invalid && !dragging && 'border-danger/70',
          (locked || full) && 'pointer-events-none opacity-50',
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent">
          {preparing ? (
            <LoaderCircle aria-hidden className="size-5 animate-spin" />
          ) : (
            <ImagePlus aria-hidden className="size-5" />
          )}
        </span>
        <span className="text-sm font-medium text-fg" role="status">
          {preparing ? m.preparingPhotos : full ? 'Limite de fotos atingido' : 'Clique ou arraste fotos aqui'}
        </span>
        <span className="text-xs text-muted">
          PNG, JPG, GIF, WebP ou HEIC · fotos acima de 5MB são reduzidas
        </span>
        <input
          id={id}
          type="file"
          accept="image/*,.heic,.heif"
          multiple
          disabled={disabled || full}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="sr-only"
          onChange={(event) => {
            void add([...(event.target.files ?? [])]);
            // Picking the same file again after removing it must fire a change.
            event.target.value = '';
          }}
        />
      </label>

      {photos.length > 0 && (
        <ul aria-label="Fotos selecionadas" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li
              key={photo.key}
              className="group relative aspect-square overflow-hidden rounded-lg border border-line bg-surface-3"
            >
              <img
                src={photoSrc(photo)}
                alt={`${altPrefix} ${index + 1}`}
                className="size-full object-cover"
                draggable={false}
              />
              {hasPrimary && index === 0 && (
                <span className="absolute top-1.5 left-1.5 rounded-md bg-accent px-1.5 py-0.5 text-[0.65rem] font-bold uppercase tracking-wide text-accent-fg">
                  Principal
                </span>
              )}
              <button
                type="button"
                aria-label={`Remover foto ${index + 1}`}
                disabled={locked}
                onClick={() => remove(photo)}
                className={tileButton('absolute top-1.5 right-1.5 hover:bg-danger')}
              >
                <X aria-hidden className="size-4" />
              </button>
              {photos.length > 1 && (
                <div className="absolute right-1.5 bottom-1.5 flex gap-1">
                  {hasPrimary && index > 0 && (
                    <button
                      type="button"
                      aria-label={`Usar foto ${index + 1} como principal`}
                      title="Usar como principal"
                      disabled={locked}
                      onClick={() => move(index, 0)}
                      className={tileButton('hover:bg-accent hover:text-accent-fg')}
                    >
                      <Star aria-hidden className="size-4" />
                    </button>
                  )}
                  {index > 0 && (
                    <button
                      type="button"
                      aria-label={`Mover foto ${index + 1} para a esquerda`}
                      disabled={locked}
                      onClick={() => move(index, index - 1)}
                      className={tileButton('hover:bg-accent hover:text-accent-fg')}
                    >
                      <ChevronLeft aria-hidden className="size-4" />
                    </button>
                  )}
                  {index < photos.length - 1 && (
                    <button
                      type="button"
                      aria-label={`Mover foto ${index + 1} para a direita`}
                      disabled={locked}
                      onClick={() => move(index, index + 1)}
                      className={tileButton('hover:bg-accent hover:text-accent-fg')}
                    >
                      <ChevronRight aria-hidden className="size-4" />
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-subtle">
        {photos.length}/{max} fotos{hasPrimary && ' · a primeira é a principal'}
      </p>
    </div>
  );
}

/** A round control over a photo's preview: 28 px, above WCAG 2.5.8's 24 px target. */
function tileButton(extra: string): string {
  return cn(
    'inline-flex size-7 items-center justify-center rounded-full bg-black/70 text-white transition-colors disabled:opacity-50',
    extra,
  );
}
