import { filterGroups, hasGroupFilters, groupMessages as m, noGroupFilters } from '@shared/group-directory';
import type { Group } from '@shared/groups';
import { pageMeta } from '@shared/page-meta';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { useGroupDirectory } from '@web/features/groups/api';
import { CommunityFooter } from '@web/features/groups/CommunityFooter';
import { GroupCard } from '@web/features/groups/GroupCard';
import { GroupDialog } from '@web/features/groups/GroupDialog';
import { GroupFilterBar } from '@web/features/groups/GroupFilterBar';
import { GroupGridSkeleton, GroupsEmpty, groupGridClasses } from '@web/features/groups/GroupStates';
import { GroupStats } from '@web/features/groups/GroupStats';
import { showingLabel } from '@web/features/groups/labels';
import { useGroupFilters } from '@web/features/groups/useGroupFilters';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';

/** '/community-groups' and '/grupos': the WhatsApp groups directory (part 2 §2 'Community groups'). */
export default function GroupsPage() {
  const directory = useGroupDirectory();
  const { filters, update, setFilters } = useGroupFilters();
  const [opened, setOpened] = useState<Group | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const groups = directory.data?.groups;
  const shown = useMemo(() => (groups ? filterGroups(groups, filters) : []), [groups, filters]);
  const filtered = hasGroupFilters(filters);
  const clear = () => setFilters(noGroupFilters);
  const open = (group: Group) => {
    setOpened(group);
    setDialogOpen(true);
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{pageMeta['/grupos'].title}</title>

      <section
        aria-labelledby="grupos-titulo"
        className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface px-5 py-6 sm:px-8 sm:py-10"
      >
        <div
          aria-hidden
          className="bg-grid absolute inset-0 -z-10 [mask-image:linear-gradient(to_right,black,transparent_80%)]"
        />
        <div
          aria-hidden
          className="absolute -top-28 -right-20 -z-10 size-96 rounded-full bg-accent/15 blur-[100px]"
        />
        <p className="text-sm font-medium text-accent">Comunidade Mercado Gamer</p>
        <h1
          id="grupos-titulo"
          className="mt-2 font-display text-[1.7rem] leading-tight font-bold tracking-wide text-fg sm:text-4xl"
        >
          {m.heading}
        </h1>
        <p className="mt-3 max-w-2xl text-sm text-muted sm:text-base">
          Encontre jogadores dos seus jogos favoritos: dicas, trocas, parceiros para jogar e avisos da equipe.
          Escolha um grupo e entre pelo convite do WhatsApp.
        </p>
        <div className="mt-6 sm:mt-7">
          <GroupStats stats={directory.data?.stats ?? (directory.isError ? null : undefined)} />
        </div>
      </section>

      <GroupFilterBar filters={filters} categories={directory.data?.categories ?? []} onChange={update} />

      <div className="flex min-h-10 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p aria-live="polite" className="text-sm text-muted">
          {groups && showingLabel(shown.length, groups.length)}
        </p>
        {filtered && (
          <Button variant="ghost" onClick={clear}>
            <X aria-hidden />
            {m.clearFilters}
          </Button>
        )}
      </div>

      <section aria-label="Resultados" aria-busy={directory.isFetching}>
        {directory.isPending ? (
          <GroupGridSkeleton />
        ) : !groups ? (
          <LoadError
            title={m.loadFailed}
            message={directory.error?.message ?? m.loadFailed}
            onRetry={() => directory.refetch()}
            retrying={directory.isRefetching}
          />
        ) : shown.length === 0 ? (
          <GroupsEmpty filtered={filtered} onClear={clear} />
        ) : (
          <ul aria-label="Grupos" className={groupGridClasses}>
            {shown.map((group, index) => (
              <li key={group.id}>
                <GroupCard group={group} onOpen={open} priority={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <CommunityFooter />

      <GroupDialog group={opened} open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
