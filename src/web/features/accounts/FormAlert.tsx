import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Why a sign-in or sign-up form was refused, shown at the form (not only in a toast that goes away). */
export function FormAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-fg">{title}</p>
        <div className="mt-0.5 text-muted">{children}</div>
      </div>
    </div>
  );
}
