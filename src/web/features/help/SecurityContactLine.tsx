import { supportTicketPath } from '@shared/contact';
import { Link } from 'react-router';
import { useSupportContact } from './api';

/**
 * Where /seguranca sends an incident or a vulnerability: the address the operator configured (SECURITY_EMAIL, else
 * SUPPORT_EMAIL), otherwise the in-app ticket form; never an invented address.
 */
export function SecurityContactLine({ byEmail, byTicket }: { byEmail: string; byTicket: string }) {
  const email = useSupportContact().data?.security;
  if (email) {
    return (
      <>
        {byEmail} <a href={`mailto:${email}`}>{email}</a>
      </>
    );
  }
  return <Link to={supportTicketPath}>{byTicket}</Link>;
}
