import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface FormFrameProps {
  icon: LucideIcon;
  title: string;
  subtitle: string;
  /** Beside the title (the edit page's 'Excluir'). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of the publish and edit pages: a heading and the form on a card. */
export function FormFrame({ icon: Icon, title, subtitle, actions, children }: FormFrameProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <div className="mb-6 flex flex-wrap items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent sm:flex">
          <Icon aria-hidden className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-muted">{subtitle}</p>
        </div>
        {actions}
      </div>
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-xl shadow-black/30 sm:p-8">
        {children}
      </div>
    </div>
  );
}

/** Back to where the user came from, or to `fallback` when the page was opened directly. */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    // React Router numbers its history entries; 0 is the first page of this visit.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback);
  };
}
