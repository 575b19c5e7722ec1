import { cn } from '@web/lib/cn';
import type { ComponentProps } from 'react';

/** The look of text fields and selects, without horizontal padding (each control sets its own). */
export const fieldClasses =
  'h-11 w-full rounded-lg border border-line bg-surface-2 text-sm text-fg placeholder:text-subtle transition-[border-color,box-shadow] duration-150 hover:border-line-strong focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:focus:ring-danger/25';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClasses, 'px-3.5', className)} {...props} />;
}

/** A multi-line text field with the look of {@link Input}; taller as the user drags its corner. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5', className)} {...props} />;
}
