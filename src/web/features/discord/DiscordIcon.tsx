import { cn } from '@web/lib/cn';

/** Discord's mark, in the current text colour. */
export function DiscordIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cn('fill-current', className)}>
      <path d="M19.6 5.3A18 18 0 0 0 15.2 4l-.6 1.2a16.7 16.7 0 0 0-5.2 0L8.8 4a18 18 0 0 0-4.4 1.3C1.6 9.5.9 13.6 1.2 17.6a18.2 18.2 0 0 0 5.4 2.7l1.2-1.9c-.7-.2-1.3-.5-1.9-.9l.5-.4a12.9 12.9 0 0 0 11.2 0l.5.4c-.6.4-1.2.7-1.9.9l1.2 1.9a18.1 18.1 0 0 0 5.4-2.7c.4-4.7-.7-8.7-3.2-12.3ZM8.7 15.1c-1 0-1.9-1-1.9-2.2s.8-2.2 1.9-2.2 1.9 1 1.9 2.2-.8 2.2-1.9 2.2Zm6.6 0c-1 0-1.9-1-1.9-2.2s.8-2.2 1.9-2.2 1.9 1 1.9 2.2-.8 2.2-1.9 2.2Z" />
    </svg>
  );
}
