import { communityMessages as m } from '@shared/community-messages';
import { Button } from '@web/components/ui/button';
import { MessagesSquare, RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** The inline alert when the posts fail to load, with a retry. */
export function ForumLoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-4 rounded-xl border border-danger/40 bg-danger/10 p-5 sm:flex-row sm:items-center"
    >
      <TriangleAlert aria-hidden className="size-6 shrink-0 text-danger" />
      <div className="flex-1">
        <p className="font-semibold text-fg">{m.loadPostsFailed}</p>
        <p className="mt-0.5 text-sm text-muted">{message}</p>
      </div>
      <Button variant="secondary" onClick={onRetry} busy={retrying}>
        {!retrying && <RotateCw aria-hidden />}
        Tentar Novamente
      </Button>
    </div>
  );
}

export function ForumEmpty({ hint, children }: { hint: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <MessagesSquare aria-hidden className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-fg">{m.noPosts}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">{hint}</p>
      {children && <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}
