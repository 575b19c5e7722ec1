import { initials } from '@shared/initials';
import { cn } from '@web/lib/cn';
import { useState } from 'react';

const sizes = {
  sm: 'size-8 text-[0.7rem]',
  md: 'size-9 text-xs',
  lg: 'size-10 text-xs',
  xl: 'size-12 text-sm',
} as const;

export interface UserAvatarProps {
  name: string;
  src: string | null;
  size?: keyof typeof sizes;
}

/** The user's picture over their initials (shown while it loads, or when it is missing or broken). Decorative. */
export function UserAvatar({ name, src, size = 'md' }: UserAvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <span
      aria-hidden
      className={cn(
        'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-linear-to-br from-accent/25 to-surface-3 font-semibold text-accent ring-2 ring-accent/40',
        sizes[size],
      )}
    >
      {initials(name)}
      {src && broken !== src && (
        <img
          src={src}
          alt=""
          loading="lazy"
          onError={() => setBroken(src)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </span>
  );
}
