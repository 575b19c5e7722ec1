import type { AuditEntry } from '@shared/admin';
import { adminMessages as m } from '@shared/admin-messages';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Select } from '@web/components/ui/select';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { type AuditFilters, useAuditLog } from './api';
import { DataTable, type PanelColumn } from './DataTable';

const columns: PanelColumn<AuditEntry>[] = [
  {
    header: 'Quando',
    id: 'when',
    cell: ({ row }) => (
      <time dateTime={row.original.createdAt} className="whitespace-nowrap text-muted">
        {formatDateTimeBrasilia(row.original.createdAt)}
      </time>
    ),
  },
  { header: 'Quem', id: 'actor', cell: ({ row }) => row.original.actorName ?? 'Conta removida' },
  {
    header: 'Ação',
    id: 'action',
    cell: ({ row }) => <code className="text-xs">{row.original.action}</code>,
  },
  {
    header: 'Alvo',
    id: 'target',
    cell: ({ row }) => (
      <span className="text-xs">
        {row.original.targetType} <span className="break-all text-muted">{row.original.targetId}</span>
      </span>
    ),
  },
  {
    header: 'Detalhes',
    id: 'details',
    cell: ({ row }) => (
      <code
        className="block max-w-md truncate text-xs text-muted"
        title={JSON.stringify(row.original.details)}
      >
        {JSON.stringify(row.original.details)}
      </code>
    ),
  },
];

/** Auditoria (admins only): the append-only audit log, filters and page in the address. */
export default function AuditTab() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    page: Math.max(1, Number(params.get('pagina')) || 1),
    actorId: params.get('quem') ?? '',
    action: params.get('acao') ?? '',
    targetType: params.get('alvo') ?? '',
  };
  const audit = useAuditLog(filters);
  const ids = { actor: useId(), action: useId(), target: useId() };

  const setFilter = (key: 'quem' | 'acao' | 'alvo', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('pagina');
      return next;
    });
  const goTo = (page: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('pagina', String(page));
      return next;
    });

  const facets = audit.data?.facets;
  const totalPages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.actor} className="text-sm font-medium text-fg">
            Membro da equipe
          </label>
          <Select id={ids.actor} value={filters.actorId} onChange={(e) => setFilter('quem', e.target.value)}>
            <option value="">Todos</option>
            {facets?.actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.action} className="text-sm font-medium text-fg">
            Ação
          </label>
          <Select id={ids.action} value={filters.action} onChange={(e) => setFilter('acao', e.target.value)}>
            <option value="">Todas</option>
            {facets?.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.target} className="text-sm font-medium text-fg">
            Tipo de alvo
          </label>
          <Select
            id={ids.target}
            value={filters.targetType}
            onChange={(e) => setFilter('alvo', e.target.value)}
          >
            <option value="">Todos</option>
            {facets?.targetTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {audit.isError ? (
        <LoadError
          title={m.auditLoadFailed}
          message={audit.error.message}
          onRetry={() => audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : audit.data ? (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {audit.data.total} {audit.data.total === 1 ? 'registro encontrado' : 'registros encontrados'}
          </p>
          <DataTable
            caption="Registro de auditoria"
            columns={columns}
            data={audit.data.entries}
            rowId={(row) => String(row.id)}
            empty="Nenhum registro encontrado."
          />
          {totalPages > 1 && (
            <nav aria-label="Páginas do registro" className="flex items-center justify-between gap-3">
              <Button
                variant="secondary"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => goTo(filters.page - 1)}
              >
                Anterior
              </Button>
              <span className="text-sm text-muted">
                Página {filters.page} de {totalPages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={filters.page >= totalPages}
                onClick={() => goTo(filters.page + 1)}
              >
                Próxima
              </Button>
            </nav>
          )}
        </>
      ) : (
        <p role="status" className="text-sm text-muted">
          Carregando...
        </p>
      )}
    </div>
  );
}
