import { Button } from '@web/components/ui/button';
import { RotateCw, TriangleAlert } from 'lucide-react';

/** The inline alert when a list fails to load: what failed, the server's reason, and a retry. */
export function LoadError({
  title,
  message,
  onRetry,
  retrying,
}: {
  title: string;
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
        <p className="font-semibold text-fg">{title}</p>
        <p className="mt-0.5 text-sm text-muted">{message}</p>
      </div>
      <Button variant="secondary" onClick={onRetry} busy={retrying}>
        {!retrying && <RotateCw aria-hidden />}
        Tentar Novamente
      </Button>
    </div>
  );
}
