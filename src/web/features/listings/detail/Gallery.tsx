import type { ListingImage } from '@shared/listings';
import { cn } from '@web/lib/cn';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';

// The main photo fills the left column: 700–800px wide from 1280px (beside the 24rem buy column), half the page on
// tablets. server/modules/share/first-paint.ts preloads it with the same sizes.
const MAIN_SIZES = '(min-width: 1280px) 800px, (min-width: 768px) 55vw, 100vw';

/** The listing's photos: a large one and clickable thumbnails; ←/→ step through them. */
export function Gallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const image = images[selected];
  const count = images.length;

  const markBroken = (id: number) => setBroken((current) => new Set(current).add(id));
  const show = (index: number, focusThumb = false) => {
    const next = (index + count) % count;
    setSelected(next);
    if (focusThumb) thumbs.current[next]?.focus();
  };
  const onArrow = (event: KeyboardEvent, focusThumb: boolean) => {
    if (event.key === 'ArrowRight') show(selected + 1, focusThumb);
    else if (event.key === 'ArrowLeft') show(selected - 1, focusThumb);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-label={`Fotos de ${title}`} className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-2xl border border-line bg-surface-2">
        {image && !broken.has(image.id) ? (
          <img
            key={image.id}
            src={image.url}
            srcSet={image.srcSet}
            sizes={MAIN_SIZES}
            width={image.width}
            height={image.height}
            alt={image.alt}
            loading={selected === 0 ? 'eager' : 'lazy'}
            fetchPriority={selected === 0 ? 'high' : 'auto'}
            decoding="async"
            onError={() => markBroken(image.id)}
            className="size-full object-contain"
          />
        ) : (
          <NoPhoto />
        )}
        {count > 1 && (
          <>
            <StepButton
              side="left"
              label="Foto anterior"
              onClick={() => show(selected - 1)}
              onArrow={onArrow}
            />
            <StepButton
              side="right"
              label="Próxima foto"
              onClick={() => show(selected + 1)}
              onArrow={onArrow}
            />
            <span className="absolute right-3 bottom-3 rounded-full bg-bg/75 px-2.5 py-1 text-xs font-medium text-fg backdrop-blur-sm">
              {selected + 1} / {count}
            </span>
          </>
        )}
      </div>

      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {images.map((thumb, index) => (
            <li key={thumb.id} className="shrink-0">
              <button
                ref={(node) => {
                  thumbs.current[index] = node;
                }}
                type="button"
                aria-label={`Foto ${index + 1}`}
                aria-pressed={index === selected}
                onClick={() => show(index)}
                onKeyDown={(event) => onArrow(event, true)}
                className={cn(
                  'block size-16 overflow-hidden rounded-lg border-2 bg-surface-2 transition-colors sm:size-20',
                  index === selected
                    ? 'border-accent'
                    : 'border-line opacity-70 hover:border-line-strong hover:opacity-100',
                )}
              >
                {broken.has(thumb.id) ? (
                  <ImageOff aria-hidden className="m-auto size-5 text-subtle" />
                ) : (
                  <img
                    src={thumb.url}
                    srcSet={thumb.srcSet}
                    sizes="80px"
                    alt=""
                    loading="lazy"
                    decoding="async"
                    onError={() => markBroken(thumb.id)}
                    className="size-full object-cover"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StepButton({
  side,
  label,
  onClick,
  onArrow,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
  onArrow: (event: KeyboardEvent, focusThumb: boolean) => void;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      onKeyDown={(event) => onArrow(event, false)}
      className={cn(
        'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full border border-line-strong bg-bg/70 text-fg backdrop-blur-sm transition-colors hover:border-accent hover:text-accent',
        side === 'left' ? 'left-3' : 'right-3',
      )}
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
}

/** Shown when the listing has no photo or it failed to load (part 1 §8). */
function NoPhoto() {
  return (
    <div className="bg-grid flex size-full flex-col items-center justify-center gap-2 text-subtle">
      <ImageOff aria-hidden className="size-10" />
      <span className="text-sm">Imagem indisponível</span>
    </div>
  );
}
