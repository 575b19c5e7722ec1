import { cn } from '@web/lib/cn';
import { ChevronDown } from 'lucide-react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return (
    <AccordionPrimitive.Item className={cn('border-b border-line last:border-b-0', className)} {...props} />
  );
}

/** The question: a button inside a heading of the given level, so the list reads as a document outline. */
export function AccordionTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header asChild>
      <h3>
        <AccordionPrimitive.Trigger
          className={cn(
            'group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-[0.975rem] font-medium text-fg transition-colors hover:bg-surface-2',
            'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent data-[state=open]:text-accent',
            className,
          )}
          {...props}
        >
          {children}
          <ChevronDown
            aria-hidden
            className="size-4 shrink-0 text-subtle transition-transform duration-200 group-data-[state=open]:rotate-180"
          />
        </AccordionPrimitive.Trigger>
      </h3>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({
  className,
  children,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content className="data-[state=open]:animate-fade-in" {...props}>
      <div className={cn('px-5 pb-5 text-sm leading-6 text-fg/85', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
