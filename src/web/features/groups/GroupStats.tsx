import { compactMembers } from '@shared/group-directory';
import type { GroupDirectory } from '@shared/groups';
import { Skeleton } from '@web/components/ui/skeleton';
import { Gift, Headphones, type LucideIcon, MessageCircle, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The stat cards: members and groups counted from the stored groups, then two that hold for every group
 * (support at any hour, free to join). `stats` is undefined while loading and null when it failed.
 */
export function GroupStats({ stats }: { stats: GroupDirectory['stats'] | null | undefined }) {
  const figure = (value: string) =>
    stats === undefined ? <Skeleton className="h-7 w-16 rounded-md" /> : stats === null ? '—' : value;
  return (
    <ul aria-label="Números da comunidade" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        icon={UsersRound}
        value={figure(compactMembers(stats?.members ?? 0))}
        label="Membros"
        hint="nos grupos listados"
      />
      <Stat
        icon={MessageCircle}
        value={figure(String(stats?.groups ?? 0))}
        label="Grupos"
        hint="ativos no WhatsApp"
      />
      <Stat icon={Headphones} value="24/7" label="Suporte" hint="equipe sempre por perto" />
      <Stat icon={Gift} value="100%" label="Gratuito" hint="para entrar nos grupos" />
    </ul>
  );
}

function Stat({
  icon: Icon,
  value,
  label,
  hint,
}: {
  icon: LucideIcon;
  value: ReactNode;
  label: string;
  hint: string;
}) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-line bg-surface-2/70 p-3.5 backdrop-blur-sm sm:gap-4 sm:p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent sm:size-11">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <div className="font-display text-xl leading-tight font-bold tracking-wide text-fg sm:text-2xl">
          {value}
        </div>
        <p className="text-sm font-medium text-fg">{label}</p>
        <p className="hidden truncate text-xs text-subtle sm:block">{hint}</p>
      </div>
    </li>
  );
}
