import type { DeadLetter } from '@shared/admin';
import { DataTable, tableColumns } from '@web/components/ui/data-table';
import { BRASILIA_LABEL, formatDateTimeSecondsBrasilia } from '@web/lib/format';

const column = tableColumns<DeadLetter>();
const columns = [
  column.accessor('label', {
    header: 'Tarefa',
    meta: { card: 'primary' },
    cell: ({ getValue }) => <span className="font-semibold">{getValue()}</span>,
  }),
  column.accessor('about', {
    header: 'Sobre',
    cell: ({ getValue }) => <span className="break-all">{getValue() ?? '—'}</span>,
  }),
  column.accessor('failedAt', {
    header: 'Desistência',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{formatDateTimeSecondsBrasilia(getValue())}</span>
    ),
  }),
  column.accessor('tries', { header: 'Tentativas' }),
  column.accessor('error', {
    header: 'Último erro',
    cell: ({ getValue }) => <span className="break-all text-muted">{getValue() ?? '—'}</span>,
  }),
];

/**
 * The payload jobs that failed their last try (decision 021): a mail that never went, kept 30 days for staff to
 * read (what it was about, when it was given up, the last error). Nothing here is retried by itself.
 */
export function DeadLettersTable({ letters }: { letters: DeadLetter[] }) {
  return (
    <section aria-labelledby="dead-letters-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="dead-letters-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
        Tarefas que falharam de vez <span className="normal-case tracking-normal">({BRASILIA_LABEL})</span>
      </h2>
      <DataTable
        caption="Tarefas que falharam de vez"
        columns={columns}
        data={letters}
        rowId={(letter) => letter.id}
        empty="Nenhuma tarefa falhou de vez."
      />
    </section>
  );
}
