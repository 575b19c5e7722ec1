import { linkify } from '@shared/linkify';
import { cn } from '@web/lib/cn';

/** Plain text as written: line breaks kept, web addresses as links, nothing ever parsed as HTML. */
export function PostContent({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('break-words whitespace-pre-wrap', className)}>
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="font-medium break-all text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}
