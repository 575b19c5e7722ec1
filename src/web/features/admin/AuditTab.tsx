import type { AuditEntry } from '@shared/admin';
import { adminMessages as m } from '@shared/admin-messages';
import { DataTable, type TableColumn } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { Select } from '@web/components/ui/select';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { useListParams } from '@web/lib/list-params';
import { useId } from 'react';
import { type AuditFilters, useAuditLog } from './api';

const columns: TableColumn<AuditEntry>[] = [
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
  const list = useListParams<'quem' | 'acao' | 'alvo'>();
  const filters: AuditFilters = {
    page: list.page,
    actorId: list.get('quem') ?? '',
    action: list.get('acao') ?? '',
    targetType: list.get('alvo') ?? '',
  };
  const audit = useAuditLog(filters);
  const ids = { actor: useId(), action: useId(), target: useId() };

  const setFilter = (key: 'quem' | 'acao' | 'alvo', value: string) => list.set(key, value);

  const facets = audit.data?.facets;

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
      <QueryState query={audit} errorTitle={m.auditLoadFailed}>
        {(data) => (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {data.total} {data.total === 1 ? 'registro encontrado' : 'registros encontrados'}
            </p>
            <DataTable
              caption="Registro de auditoria"
              columns={columns}
              data={data.entries}
              rowId={(row) => String(row.id)}
              empty="Nenhum registro encontrado."
              pager={{
                page: filters.page,
                pageSize: data.pageSize,
                total: data.total,
                hrefFor: list.pageHref,
              }}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
