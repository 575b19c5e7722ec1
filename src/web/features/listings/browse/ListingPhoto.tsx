import type { ListingImage } from '@shared/listings';
import { cn } from '@web/lib/cn';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';

interface ListingPhotoProps {
  image: ListingImage | null;
  /** The `sizes` attribute: how wide the photo shows at each viewport width. */
  sizes: string;
  /** Above the fold: load at once instead of lazily. */
  priority?: boolean;
  className?: string;
}

/** A listing's primary photo filling its box, or a placeholder when there is none or it fails to load. */
export function ListingPhoto({ image, sizes, priority = false, className }: ListingPhotoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const box = cn('relative overflow-hidden bg-surface-2', className);

  if (!image || failedUrl === image.url) {
    return (
      <div
        className={cn(box, 'flex items-center justify-center bg-linear-to-br from-surface-3 to-surface-2')}
      >
        <ImageOff aria-hidden className="size-8 text-subtle" />
        <span className="sr-only">Sem foto</span>
      </div>
    );
  }

  return (
    <div className={box}>
      <img
        src={image.url}
        srcSet={image.srcSet}
        sizes={sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailedUrl(image.url)}
        className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
    </div>
  );
}
