import { cn } from '@web/lib/cn';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { fieldClasses } from './input';

/** A native select with the field look (keyboard and screen readers behave as the platform does). */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(fieldClasses, 'appearance-none pr-10 pl-3.5', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
