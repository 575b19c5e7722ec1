import { cn } from '@web/lib/cn';
import type { ReactNode } from 'react';

export interface FieldProps {
  /** The id of the control this label names. */
  htmlFor: string;
  label: string;
  /** The message shown under the control; the control should point at `${htmlFor}-error` with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label, control and the message under it. */
export function Field({ htmlFor, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {hint}
      {error && (
        <p id={`${htmlFor}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-invalid and the link from a control to the message its Field shows under it. */
export function describedBy(id: string, hasError: boolean) {
  return {
    'aria-invalid': hasError ? true : undefined,
    'aria-describedby': hasError ? `${id}-error` : undefined,
  } as const;
}
