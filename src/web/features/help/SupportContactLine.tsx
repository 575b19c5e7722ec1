import { supportTicketPath } from '@shared/contact';
import { Link } from 'react-router';
import { useSupportContact } from './api';

/**
 * 'escreva para {SUPPORT_EMAIL}' when the operator configured one, otherwise the in-app ticket form: the policy
 * pages' way of saying how to reach the team, never an invented address.
 */
export function SupportContactLine({
  ticketLabel = 'abra um chamado na Central de Ajuda',
}: {
  ticketLabel?: string;
}) {
  const contact = useSupportContact();
  const email = contact.data?.email;
  if (email) {
    return (
      <>
        escreva para <a href={`mailto:${email}`}>{email}</a>
      </>
    );
  }
  return <Link to={supportTicketPath}>{ticketLabel}</Link>;
}
