import { cn } from '@web/lib/cn';
import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';

const variants = {
  primary:
    'bg-accent text-accent-fg font-semibold shadow-[0_0_20px_-6px_var(--color-accent)] hover:bg-accent-strong hover:shadow-[0_0_28px_-4px_var(--color-accent)]',
  secondary: 'bg-surface-3 text-fg border border-line-strong hover:bg-line-strong/70 hover:border-subtle',
  outline: 'border border-accent/50 text-accent hover:bg-accent-soft hover:border-accent',
  ghost: 'text-muted hover:bg-surface-3 hover:text-fg',
  danger: 'bg-danger-strong text-white hover:bg-danger-strong/90',
} as const;

/** Callers may add layout classes (`w-full`, margins) but not change these; add a size instead. */
const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-12 gap-2.5 rounded-xl px-6 text-base',
  icon: 'size-10 rounded-lg',
  'icon-sm': 'size-8 rounded-md',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(
    'inline-flex shrink-0 select-none items-center justify-center whitespace-nowrap font-medium transition-[color,background-color,border-color,box-shadow] duration-150',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    '[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it aria-busy. */
  busy?: boolean;
  /**
   * Shows the spinner and marks it aria-busy and aria-disabled, but keeps it enabled: while a dialog's code loads,
   * the button must keep focus (a disabled one drops it to the page) so the dialog can give it back on close.
   */
  pending?: boolean;
}

export function Button({
  variant,
  size,
  busy = false,
  pending = false,
  className,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, className });
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || pending || undefined}
      aria-disabled={pending || undefined}
      {...props}
    >
      {(busy || pending) && (
        <span
          aria-hidden
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A router link with the button's look. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses({ variant, size, className: className as string | undefined })}
      {...props}
    />
  );
}
