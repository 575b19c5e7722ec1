import { cn } from '@web/lib/cn';
import type { ComponentProps } from 'react';

/** A pulsing placeholder; give it its size and radius (`h-4 w-24 rounded-md`). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse bg-surface-3', className)} {...props} />;
}
