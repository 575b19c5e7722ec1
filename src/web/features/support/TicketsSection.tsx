import { paths } from '@shared/paths';
import { supportMessages as m } from '@shared/support-messages';
import { ButtonLink } from '@web/components/ui/button';
import { useMe } from '../accounts/api';
import { useMyTickets } from './api';
import { MyTickets } from './MyTickets';
import { TicketForm } from './TicketForm';

/** /ajuda: the ticket form and the member's tickets; a guest is sent to sign in first. */
export function TicketsSection() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const tickets = useMyTickets(signedIn);

  if (me.isPending) return <p className="text-sm text-muted">Carregando...</p>;
  if (!signedIn)
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-line bg-surface p-5">
        <p className="text-sm text-muted">{m.ticketLoginRequired}</p>
        <ButtonLink to={paths.login}>Entrar</ButtonLink>
      </div>
    );

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <TicketForm />
      <section aria-labelledby="meus-chamados-titulo">
        <h3 id="meus-chamados-titulo" className="mb-3 font-display text-lg font-semibold text-fg">
          Meus chamados
        </h3>
        {tickets.isError ? (
          <p className="text-sm text-danger">{m.loadTicketsFailed}</p>
        ) : tickets.data ? (
          <MyTickets tickets={tickets.data} />
        ) : (
          <p className="text-sm text-muted">Carregando...</p>
        )}
      </section>
    </div>
  );
}
