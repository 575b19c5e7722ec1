import { paths } from '@shared/paths';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { Button } from '@web/components/ui/button';
import { FilterSelect } from '@web/components/ui/filter-select';
import { LoadError } from '@web/components/ui/load-error';
import { Pagination } from '@web/components/ui/pagination';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatusBadge } from '@web/components/ui/status-badge';
import { isApiError } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type CodeState,
  codeStates,
  useRemoveCode,
  type useVault,
  type VaultCode,
  type VaultPage,
} from './api';
import { codeStateLabels, codeStateTones, maskedCode } from './code-states';

const filterOptions = codeStates.map((state) => ({ value: state, label: codeStateLabels[state] }));

/**
 * The vault's codes, masked (•••• and the last 4), with their state and the trade that holds or received each;
 * filtered by state and a page at a time (both in the address). An unsold code can be removed.
 */
export function VaultList({
  listingId,
  vault,
  state,
  onStateChange,
  pageHref,
}: {
  listingId: number;
  vault: ReturnType<typeof useVault>;
  state: CodeState | undefined;
  onStateChange: (state: CodeState | undefined) => void;
  pageHref: (page: number) => string;
}) {
  const remove = useRemoveCode(listingId);
  const [removing, setRemoving] = useState<VaultCode | null>(null);
  const data: VaultPage | undefined = vault.data;

  return (
    <section aria-labelledby="codigos-lista" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="codigos-lista" className="font-display text-lg font-semibold tracking-wide text-fg">
          Seus códigos
        </h2>
        <FilterSelect
          label="Estado"
          value={state}
          options={filterOptions}
          allLabel="Todos"
          onChange={onStateChange}
        />
      </div>

      {vault.isPending ? (
        <ul aria-busy="true" aria-label="Carregando códigos" className="flex flex-col gap-2">
          {[0, 1, 2].map((n) => (
            <li key={n}>
              <Skeleton className="h-14 rounded-xl" />
            </li>
          ))}
        </ul>
      ) : vault.isError ? (
        <LoadError
          title="Não foi possível carregar os códigos"
          message={isApiError(vault.error) ? vault.error.message : 'Tente novamente.'}
          onRetry={() => vault.refetch()}
          retrying={vault.isFetching}
        />
      ) : data && data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-10 text-center">
          <KeyRound aria-hidden className="size-8 text-subtle" />
          <p className="font-medium text-fg">
            {state ? `Nenhum código ${codeStateLabels[state].toLowerCase()}` : 'Nenhum código cadastrado'}
          </p>
        </div>
      ) : (
        data && (
          <ul className="flex flex-col gap-2" aria-busy={vault.isPlaceholderData || undefined}>
            {data.items.map((code) => (
              <li
                key={code.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line bg-surface px-4 py-3"
              >
                <span className="font-mono text-sm text-fg">
                  <span aria-hidden>{maskedCode(code.last4)}</span>
                  <span className="sr-only">Código terminado em {code.last4}</span>
                </span>
                <StatusBadge label={codeStateLabels[code.state]} tone={codeStateTones[code.state]} />
                {code.tradeId !== null && (
                  <Link
                    to={paths.trade(code.tradeId)}
                    className="text-sm font-medium text-accent underline underline-offset-4"
                  >
                    Negociação #{code.tradeId}
                  </Link>
                )}
                <span className="text-xs text-muted sm:ml-auto">
                  Adicionado em {formatDate(code.createdAt)}
                </span>
                {code.state === 'available' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remover o código terminado em ${code.last4}`}
                    onClick={() => setRemoving(code)}
                  >
                    <Trash2 aria-hidden />
                    Remover
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )
      )}

      {data && (
        <Pagination
          firstPage={data.page}
          lastPage={data.page}
          totalPages={data.pageCount}
          hrefFor={pageHref}
        />
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover código?"
        description={
          removing
            ? `O código terminado em ${removing.last4} sai do estoque e não será vendido. Ele continua no histórico como removido.`
            : ''
        }
        confirmLabel="Remover"
        busyLabel="Removendo..."
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success('Código removido');
              setRemoving(null);
            },
            onError: (error) => {
              setRemoving(null);
              toast.error('Não foi possível remover o código', {
                description: isApiError(error) && error.isClientError ? error.message : undefined,
              });
            },
          })
        }
      />
    </section>
  );
}
