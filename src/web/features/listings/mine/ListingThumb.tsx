import type { ListingImage } from '@shared/listings';
import { cn } from '@web/lib/cn';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/** A listing's primary photo as a small square, or a placeholder when it has none or it fails. */
export function ListingThumb({ image, className }: { image: ListingImage | null; className?: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-surface-3 text-subtle',
        className,
      )}
    >
      {image && !broken ? (
        <img
          src={image.url}
          srcSet={image.srcSet}
          sizes="80px"
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="size-full object-cover"
        />
      ) : (
        <ImageOff aria-hidden className="size-5" />
      )}
    </span>
  );
}
