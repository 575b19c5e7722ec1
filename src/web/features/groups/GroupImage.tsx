import type { Group } from '@shared/groups';
import { cn } from '@web/lib/cn';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';

interface GroupImageProps {
  image: Group['image'];
  /** The `sizes` attribute: how wide the picture shows at each viewport width. */
  sizes: string;
  priority?: boolean;
  /** The box: give it its shape (`aspect-video`, a height). */
  className?: string;
}

/**
 * A group's picture filling its box. With no picture, or one that fails to load, a drawn placeholder
 * takes its place (part 2 §8) — nothing external, so it shows offline too.
 */
export function GroupImage({ image, sizes, priority = false, className }: GroupImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const box = cn('relative overflow-hidden bg-surface-2', className);

  if (!image || failedUrl === image.url) {
    return (
      <div
        data-testid="group-image-placeholder"
        className={cn(
          box,
          'flex items-center justify-center bg-linear-to-br from-accent/20 via-surface-2 to-surface-3',
        )}
      >
        <div
          aria-hidden
          className="bg-grid absolute inset-0 [mask-image:radial-gradient(circle,black,transparent_75%)]"
        />
        <span className="relative flex size-14 items-center justify-center rounded-2xl border border-accent/30 bg-bg/60 text-accent shadow-[0_0_24px_-6px_var(--color-accent)]">
          <UsersRound aria-hidden className="size-7" />
        </span>
      </div>
    );
  }

  return (
    <div className={box}>
      <img
        src={image.url}
        srcSet={image.srcSet || undefined}
        sizes={sizes}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailedUrl(image.url)}
        className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
    </div>
  );
}
