import { MAX_PHOTOS } from '@shared/listings';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { ImagePlus, X } from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { checkSelection, newPhotos, type Photo, photoSrc, revokePhoto } from './photos';

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
}

/**
 * Picks photos (click or drop), previews them, and lets each be removed: a listing's 1 to 8, whose first is
 * 'Principal', or the few a trade's step takes.
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
}: PhotoPickerProps) {
  const [dragging, setDragging] = useState(false);

  // Object URLs of photos still shown when the form goes away (published, cancelled) are released here.
  const shown = useRef(photos);
  shown.current = photos;
  useEffect(() => () => shown.current.forEach(revokePhoto), []);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const problem = checkSelection(files, photos.length, max, tooMany);
    if (problem) {
      toast.error(problem.title, problem.description ? { description: problem.description } : undefined);
      return;
    }
    onChange([...photos, ...newPhotos(files)]);
  };

  const remove = (photo: Photo) => {
    revokePhoto(photo);
    onChange(photos.filter((p) => p.key !== photo.key));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };

  const full = photos.length >= max;

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
          (disabled || full) && 'pointer-events-none opacity-50',
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent">
          <ImagePlus aria-hidden className="size-5" />
        </span>
        <span className="text-sm font-medium text-fg">
          {full ? 'Limite de fotos atingido' : 'Clique ou arraste fotos aqui'}
        </span>
        <span className="text-xs text-muted">PNG, JPG, GIF ou WebP até 5MB</span>
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled || full}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="sr-only"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
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
                <span className="absolute bottom-1.5 left-1.5 rounded-md bg-accent px-1.5 py-0.5 text-[0.65rem] font-bold uppercase tracking-wide text-accent-fg">
                  Principal
                </span>
              )}
              <button
                type="button"
                aria-label={`Remover foto ${index + 1}`}
                disabled={disabled}
                onClick={() => remove(photo)}
                className="absolute top-1.5 right-1.5 inline-flex size-7 items-center justify-center rounded-full bg-black/70 text-white transition-colors hover:bg-danger disabled:opacity-50"
              >
                <X aria-hidden className="size-4" />
              </button>
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
