import type { DeadLetter } from '@shared/admin';
import { adminMessages as m } from '@shared/admin-messages';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { Button } from '@web/components/ui/button';
import { DataTable, tableColumns } from '@web/components/ui/data-table';
import { BRASILIA_LABEL, formatDateTimeSecondsBrasilia } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { useDeadLetterAction } from './api';

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
  column.display({
    id: 'actions',
    header: 'Ações',
    cell: ({ row }) => <DeadLetterActions letter={row.original} />,
  }),
];

/** 'Tentar de novo' sends the job again with its payload; 'Descartar' (confirmed) drops it. Both audited. */
function DeadLetterActions({ letter }: { letter: DeadLetter }) {
  const act = useDeadLetterAction();
  const [discarding, setDiscarding] = useState(false);
  const run = (action: 'retry' | 'discard') =>
    act.mutate(
      { id: letter.id, action },
      {
        onSuccess: () => {
          setDiscarding(false);
          toast.success(action === 'retry' ? m.deadLetterRetried : m.deadLetterDiscarded);
        },
        onError: (error) => {
          setDiscarding(false);
          toast.error(error.message);
        },
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        busy={act.isPending && act.variables?.action === 'retry'}
        disabled={act.isPending}
        aria-label={`${m.deadLetterRetry}: ${letter.label}`}
        onClick={() => run('retry')}
      >
        {m.deadLetterRetry}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={act.isPending}
        aria-label={`${m.deadLetterDiscard}: ${letter.label}`}
        onClick={() => setDiscarding(true)}
      >
        {m.deadLetterDiscard}
      </Button>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title={`${m.deadLetterDiscard}: ${letter.label}`}
        description={m.deadLetterDiscardConfirm}
        confirmLabel={m.deadLetterDiscard}
        busyLabel="Descartando..."
        busy={act.isPending}
        onConfirm={() => run('discard')}
      />
    </div>
  );
}

/**
 * The payload jobs that failed their last try (decision 021): a mail that never went, kept 30 days for staff to
 * read (what it was about, when it was given up, the last error). Nothing is retried by itself: an admin sends it
 * again or discards it here.
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
