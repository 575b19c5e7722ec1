import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One card of the profile and settings pages: an icon, a heading, a line of help, the content. */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titulo`}
      className="scroll-mt-24 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div className="mb-5 flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Icon aria-hidden className="size-4.5" />
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-titulo`} className="font-display text-lg font-semibold tracking-wide text-fg">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}
