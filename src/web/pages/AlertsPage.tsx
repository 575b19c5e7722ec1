import { paths } from '@shared/paths';
import { describeFilters, savedSearchMessages as m, type SavedSearch } from '@shared/saved-searches';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { Button, ButtonLink } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import {
  useChangeSavedSearch,
  useDeleteSavedSearch,
  useSavedSearches,
} from '@web/features/saved-searches/api';
import { searchLink } from '@web/features/saved-searches/search-link';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { accountPageClass } from '@web/shell/account-page';
import { PageFallback } from '@web/shell/PageFallback';
import { BellOff, BellRing, Pause, Play, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';

const guestNotice = { title: 'Acesso negado', description: m.loginRequired };
const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/**
 * '/alertas': the member's saved searches ('Me avise', issue 38 part 3), each with its filters in words, when it last
 * matched, pause or resume, e-mail on or off, open the search, delete. The bell always rings; push follows the
 * member's push switches.
 */
export default function AlertsPage() {
  const me = useSignedIn(guestNotice);
  if (!me.data) return <PageFallback />;
  return <AlertsList />;
}

function AlertsList() {
  const list = useSavedSearches();
  const items = list.data?.items ?? [];
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const remove = useDeleteSavedSearch();

  return (
    <div className={cn(accountPageClass, 'gap-6')}>
      <title>Meus alertas | Mercado Gamer</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-widest text-accent">Minha conta</p>
          <h1 className="mt-1 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">
            Meus alertas
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            Buscas salvas com “Me avise” no marketplace. Avisamos no sino (e por e-mail, se ligado) quando
            aparece um anúncio novo ou um preço baixa — até 20 alertas por dia; o resto vem num resumo no dia
            seguinte.
          </p>
        </div>
        {list.data && items.length > 0 && (
          <p className="text-sm text-muted">
            {items.length} de {list.data.max}
          </p>
        )}
      </header>

      {list.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadError
          title="Não foi possível carregar seus alertas"
          message={isApiError(list.error) ? list.error.message : 'Tente novamente.'}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
          <BellOff aria-hidden className="size-8 text-subtle" />
          <p className="font-medium text-fg">Nenhum alerta ainda</p>
          <p className="max-w-sm text-sm text-muted">
            No marketplace, escolha o jogo, a categoria, as palavras e o preço e toque em “Me avise”: avisamos
            quando aparecer um anúncio assim.
          </p>
          <ButtonLink to={paths.marketplace} variant="outline">
            <Search aria-hidden />
            Ir ao marketplace
          </ButtonLink>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Alertas">
          {items.map((search) => (
            <AlertRow key={search.id} search={search} onDelete={() => setDeleting(search)} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Apagar este alerta?"
        description={
          deleting ? `O alerta “${deleting.name}” deixa de avisar. A busca não é apagada do marketplace.` : ''
        }
        confirmLabel="Apagar alerta"
        busyLabel="Apagando…"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success('Alerta apagado');
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </div>
  );
}

function AlertRow({ search, onDelete }: { search: SavedSearch; onDelete: () => void }) {
  const change = useChangeSavedSearch();
  const words = describeFilters(search.filters, search.gameName);
  const set = (next: { paused?: boolean; email?: boolean }) =>
    change.mutate({ id: search.id, change: next }, { onError: (error) => toast.error(error.message) });

  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between',
        search.paused && 'opacity-80',
      )}
    >
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <BellRing
            aria-hidden
            className={cn('size-4 shrink-0', search.paused ? 'text-subtle' : 'text-accent')}
          />
          <h2 className="truncate font-semibold text-fg">{search.name}</h2>
          {search.paused && (
            <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted">
              Pausado
            </span>
          )}
        </div>
        <p className="mt-1 text-sm break-words text-muted">{words}</p>
        <p className="mt-1 text-xs text-subtle">
          {search.lastMatchedAt
            ? `Último aviso: ${dateFormat.format(new Date(search.lastMatchedAt))}`
            : 'Nenhum anúncio encontrado ainda'}
        </p>
      </div>
      {/* The switch, then the three buttons together: on a phone they wrap as two rows, never one button alone. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:shrink-0 sm:justify-end">
        <label
          className="inline-flex items-center gap-2 text-sm text-muted"
          htmlFor={`alert-email-${search.id}`}
        >
          <Switch
            id={`alert-email-${search.id}`}
            checked={search.email}
            disabled={change.isPending}
            onCheckedChange={(email) => set({ email })}
          />
          E-mail
        </label>
        <div className="flex items-center gap-1.5">
          <ButtonLink
            to={searchLink(search.filters)}
            variant="outline"
            size="sm"
            aria-label={`Abrir a busca ${search.name}`}
          >
            <Search aria-hidden />
            Abrir
          </ButtonLink>
          <Button
            variant="secondary"
            size="sm"
            busy={change.isPending}
            onClick={() => set({ paused: !search.paused })}
            aria-label={`${search.paused ? 'Retomar' : 'Pausar'} o alerta ${search.name}`}
          >
            {!change.isPending && (search.paused ? <Play aria-hidden /> : <Pause aria-hidden />)}
            {search.paused ? 'Retomar' : 'Pausar'}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Apagar o alerta ${search.name}`}>
            <Trash2 aria-hidden />
            Apagar
          </Button>
        </div>
      </div>
    </li>
  );
}
