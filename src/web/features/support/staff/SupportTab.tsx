import { plural } from '@shared/plural';
import { type SupportTicketStatus, supportTicketStatuses } from '@shared/support';
import { ticketCategoryLabels, ticketStatusLabels } from '@shared/support-messages';
import { staffQueueMessages as m, priorityLabel } from '@shared/support-queue-messages';
import type { StaffTicket } from '@shared/support-queues';
import { Button } from '@web/components/ui/button';
import { DataTable, tableColumns } from '@web/components/ui/data-table';
import { FilterSelect } from '@web/components/ui/filter-select';
import { Textarea } from '@web/components/ui/input';
import { DetailDialog, StaffTab, viewColumn } from '@web/components/ui/staff-tab';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { oneOf, useListParams } from '@web/lib/list-params';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { queueExportHref, useMarkTicketInProgress, useResolveTicket, useStaffTickets } from './api';

const tones = { open: 'warn', in_progress: 'info', resolved: 'ok' } as const;
const column = tableColumns<StaffTicket>();

/** Suporte (moderators and admins): tickets newest first; mark in progress; reply and resolve. */
export function SupportTab() {
  const list = useListParams<'status'>();
  const status = oneOf(supportTicketStatuses, list.get('status'));
  const query = { status, q: list.search || undefined, page: list.page };
  const tickets = useStaffTickets(query);
  const [openId, setOpenId] = useState<number | null>(null);
  const selected = tickets.data?.tickets.find((ticket) => ticket.id === openId) ?? null;

  const columns = [
    column.accessor('userName', {
      header: 'Usuário',
      cell: ({ row }) => (
        <div>
          <p className="font-medium">{row.original.userName}</p>
          <p className="text-xs text-muted">{row.original.userEmail}</p>
        </div>
      ),
    }),
    column.accessor('subject', {
      header: 'Assunto',
      cell: ({ row }) => (
        <div className="max-w-72">
          <p className="truncate">{row.original.subject}</p>
          <p className="text-xs text-muted">{ticketCategoryLabels[row.original.category]}</p>
        </div>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <StatusBadge label={ticketStatusLabels[getValue()]} tone={tones[getValue()]} />,
    }),
    column.accessor('priority', { header: 'Prioridade', cell: ({ getValue }) => priorityLabel(getValue()) }),
    column.accessor('createdAt', {
      header: 'Data (Brasília)',
      cell: ({ getValue }) => formatDateTimeBrasilia(getValue()),
    }),
    viewColumn<StaffTicket>(
      (t) => `Ver chamado: ${t.subject}`,
      (row) => setOpenId(row.id),
    ),
  ];

  return (
    <StaffTab
      title="Tickets de suporte"
      search={{
        label: 'Buscar chamados',
        placeholder: 'Nome, e-mail, assunto ou nº',
        value: list.search,
        onChange: list.setSearch,
      }}
      exportHref={queueExportHref.tickets(query)}
      actions={
        <FilterSelect
          label="Status"
          value={status}
          allLabel="Todos"
          options={supportTicketStatuses.map((value) => ({ value, label: ticketStatusLabels[value] }))}
          onChange={(value) => list.set('status', value)}
        />
      }
      query={tickets}
      loading="Carregando tickets..."
      errorTitle={m.loadTicketsFailed}
      count={(data) => plural(data.total, 'ticket encontrado', 'tickets encontrados')}
      detail={<TicketDialog ticket={selected} onClose={() => setOpenId(null)} />}
    >
      {(data) => (
        <DataTable
          look="queue"
          caption="Tickets de suporte"
          columns={columns}
          data={data.tickets}
          empty={m.noTickets}
          pager={{ page: data.page, pageSize: data.pageSize, total: data.total, hrefFor: list.pageHref }}
        />
      )}
    </StaffTab>
  );
}

function TicketDialog({ ticket, onClose }: { ticket: StaffTicket | null; onClose: () => void }) {
  const replyId = useId();
  const [reply, setReply] = useState('');
  const [forId, setForId] = useState<number | null>(null);
  const progress = useMarkTicketInProgress();
  const resolve = useResolveTicket();
  if (ticket && forId !== ticket.id) {
    setForId(ticket.id);
    setReply(ticket.adminResponse ?? '');
  }
  const onError = (error: Error) => toast.error(m.updateTicketFailed, { description: error.message });
  const done = () => {
    toast.success(m.ticketUpdated);
    onClose();
  };
  const status: SupportTicketStatus | undefined = ticket?.status;

  return (
    <DetailDialog
      item={ticket}
      onClose={onClose}
      title={(ticket) => ticket.subject}
      description={(ticket) => (
        <>
          {ticketCategoryLabels[ticket.category]} · {ticket.userName} ({ticket.userEmail}) ·{' '}
          {formatDateTimeBrasilia(ticket.createdAt)}
        </>
      )}
      actions={(ticket) => (
        <>
          {status === 'open' && (
            <Button
              variant="secondary"
              busy={progress.isPending}
              onClick={() => progress.mutate(ticket.id, { onSuccess: done, onError })}
            >
              Marcar em andamento
            </Button>
          )}
          {status !== 'resolved' && (
            <Button
              disabled={reply.trim() === ''}
              busy={resolve.isPending}
              onClick={() => resolve.mutate({ id: ticket.id, response: reply }, { onSuccess: done, onError })}
            >
              Responder e resolver
            </Button>
          )}
        </>
      )}
    >
      {(ticket) => (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
            <dt className="text-muted">Status</dt>
            <dd>{ticketStatusLabels[ticket.status]}</dd>
            <dt className="text-muted">Prioridade</dt>
            <dd>{priorityLabel(ticket.priority)}</dd>
            {ticket.assignedToName && (
              <>
                <dt className="text-muted">Responsável</dt>
                <dd>{ticket.assignedToName}</dd>
              </>
            )}
          </dl>
          <p className="mt-4 max-h-48 overflow-y-auto rounded-lg bg-surface p-3 text-sm whitespace-pre-wrap text-fg">
            {ticket.description}
          </p>
          {status === 'resolved' ? (
            <div className="mt-4 text-sm">
              <p className="font-medium text-fg">Resposta enviada</p>
              <p className="mt-1 whitespace-pre-wrap text-muted">{ticket.adminResponse}</p>
            </div>
          ) : (
            <div className="mt-4 grid gap-2">
              <label htmlFor={replyId} className="text-sm font-medium text-fg">
                Resposta ao usuário
              </label>
              <Textarea id={replyId} rows={4} value={reply} onChange={(e) => setReply(e.target.value)} />
            </div>
          )}
        </>
      )}
    </DetailDialog>
  );
}
