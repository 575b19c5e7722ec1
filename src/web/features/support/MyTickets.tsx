import { supportMessages as m, ticketCategoryLabels, ticketStatusLabels } from '@shared/support-messages';
import type { MemberTicket } from '@shared/support-tickets';
import { formatDateTime } from '@web/lib/format';

/** 'Meus chamados': the member's tickets with their status and the staff reply. */
export function MyTickets({ tickets }: { tickets: MemberTicket[] }) {
  if (tickets.length === 0) return <p className="text-sm text-muted">{m.noTickets}</p>;
  return (
    <ul className="grid gap-3">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="rounded-xl border border-line bg-surface p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold text-fg">{ticket.subject}</h3>
            <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-medium text-fg">
              {ticketStatusLabels[ticket.status]}
            </span>
          </div>
          <p className="mt-1 text-xs text-muted">
            {ticketCategoryLabels[ticket.category]} · {formatDateTime(ticket.createdAt)}
          </p>
          <p className="mt-2 text-sm whitespace-pre-line text-muted">{ticket.description}</p>
          {ticket.adminResponse && (
            <div className="mt-3 rounded-lg bg-surface-2 p-3 text-sm">
              <p className="font-medium text-fg">Resposta da equipe</p>
              <p className="mt-1 whitespace-pre-line text-muted">{ticket.adminResponse}</p>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
