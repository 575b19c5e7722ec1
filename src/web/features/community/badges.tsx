import { categoryLabel } from '@shared/community-rules';
import { cn } from '@web/lib/cn';

const categoryTones: Record<string, string> = {
  dicas: 'border-accent/40 bg-accent-soft text-accent',
  ddtank: 'border-sky-400/40 bg-sky-400/10 text-sky-300',
  geral: 'border-line-strong bg-surface-3 text-muted',
  suporte: 'border-violet-400/40 bg-violet-400/10 text-violet-300',
};

/** The post's category with the spec's label (an unknown value shows raw). */
export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center truncate rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        categoryTones[category] ?? categoryTones.geral,
        className,
      )}
    >
      {categoryLabel(category)}
    </span>
  );
}

/** Marks a member of staff (admin or moderator). */
export function StaffBadge() {
  return (
    <span className="rounded-full border border-warning/40 bg-warning/10 px-2 py-px text-[0.7rem] font-semibold text-warning">
      Equipe
    </span>
  );
}
