import type { AuditEntry, AuditPage } from '@shared/admin';
import { adminMessages as m } from '@shared/admin-messages';
import {
  type AuditField,
  auditActionLabels,
  auditActions,
  auditTargetLabels,
  isAuditAction,
} from '@shared/audit-sentences';
import { DataTable, type TableColumn } from '@web/components/ui/data-table';
import { FilterSelect } from '@web/components/ui/filter-select';
import { StaffTab } from '@web/components/ui/staff-tab';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { useListParams } from '@web/lib/list-params';
import { exportHref, usePagedList } from '@web/lib/list-query';
import { Link } from 'react-router';
import { AuditSentenceText } from './AuditSentenceText';

function Fields({ fields }: { fields: readonly AuditField[] }) {
  if (fields.length === 0) return <span className="text-muted">—</span>;
  return (
    // `minmax(0,1fr)` and `anywhere`: a long E2E id, PIX key or link wraps inside a phone's card, never widening it.
    <dl className="grid max-w-md grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="text-muted">{field.label}</dt>
          <dd className="min-w-0 text-fg [overflow-wrap:anywhere]">
            {field.href ? (
              <Link to={field.href} className="text-accent underline-offset-2 hover:underline">
                {field.value}
              </Link>
            ) : (
              field.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const columns: TableColumn<AuditEntry>[] = [
  {
    header: 'Quando (Brasília)',
    id: 'when',
    cell: ({ row }) => (
      <time dateTime={row.original.createdAt} className="whitespace-nowrap text-muted">
        {formatDateTimeBrasilia(row.original.createdAt)}
      </time>
    ),
  },
  {
    header: 'O que aconteceu',
    id: 'sentence',
    cell: ({ row }) => (
      <p className="max-w-xl whitespace-normal text-fg [overflow-wrap:anywhere] md:min-w-56">
        <AuditSentenceText parts={row.original.sentence.parts} />
      </p>
    ),
  },
  {
    header: 'Detalhes',
    id: 'details',
    cell: ({ row }) => <Fields fields={row.original.sentence.fields} />,
  },
];

const actionLabel = (code: string) => (isAuditAction(code) ? auditActionLabels[code] : code);

/** Auditoria (admins only): the audit log as sentences; filters, search and page in the address; CSV export. */
export default function AuditTab() {
  const list = useListParams<'quem' | 'acao' | 'alvo'>();
  const params = {
    page: list.page,
    actorId: list.get('quem') || undefined,
    action: list.get('acao') || undefined,
    targetType: list.get('alvo') || undefined,
    target: list.search || undefined,
  };
  const audit = usePagedList<AuditPage>(['admin', 'audit'], '/api/admin/audit', params);
  const facets = audit.data?.facets;
  // The known actions first, in the order of their labels; any other code in the log after them.
  const actionOptions = [...new Set([...auditActions, ...(facets?.actions ?? [])])]
    .map((value) => ({ value, label: actionLabel(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  const targetOptions = [...new Set([...Object.keys(auditTargetLabels), ...(facets?.targetTypes ?? [])])].map(
    (value) => ({ value, label: auditTargetLabels[value] ?? value }),
  );

  return (
    <StaffTab
      title="Registro de auditoria"
      description="Cada ação da equipe, da mais recente à mais antiga. Horários de Brasília."
      actions={
        <div className="flex flex-wrap gap-3">
          <FilterSelect
            label="Quem"
            value={params.actorId}
            allLabel="Todos"
            options={(facets?.actors ?? []).map((a) => ({ value: a.id, label: a.name }))}
            onChange={(value) => list.set('quem', value)}
          />
          <FilterSelect
            label="Ação"
            value={params.action}
            allLabel="Todas"
            options={actionOptions}
            onChange={(value) => list.set('acao', value)}
          />
          <FilterSelect
            label="Tipo de alvo"
            value={params.targetType}
            allLabel="Todos"
            options={targetOptions}
            onChange={(value) => list.set('alvo', value)}
          />
        </div>
      }
      search={{
        label: 'Buscar alvo',
        placeholder: 'Nº, nome, apelido, e-mail ou título',
        value: list.search,
        onChange: list.setSearch,
      }}
      exportHref={exportHref('/api/admin/audit', params)}
      query={audit}
      errorTitle={m.auditLoadFailed}
      count={(data) => `${data.total} ${data.total === 1 ? 'registro encontrado' : 'registros encontrados'}`}
    >
      {(data) => (
        <DataTable
          caption="Registro de auditoria"
          columns={columns}
          data={data.entries}
          rowId={(row) => String(row.id)}
          empty="Nenhum registro encontrado."
          pager={{ page: data.page, pageSize: data.pageSize, total: data.total, hrefFor: list.pageHref }}
        />
      )}
    </StaffTab>
  );
}
