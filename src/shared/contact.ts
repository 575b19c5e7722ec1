import { paths } from './paths';
import { whatsappLink } from './whatsapp';

/**
 * How members reach the team besides Discord and the ticket form: SUPPORT_EMAIL and SUPPORT_WHATSAPP
 * (`GET /api/contact`), null when the operator set none — then the pages point to the ticket form instead.
 */
export interface SupportContact {
  email: string | null;
  /** As shown (DDD and number); the link is built with the shared WhatsApp rules. */
  whatsapp: string | null;
}

export const supportWhatsappUrl = (number: string) => whatsappLink(number);

/** The in-app support ticket form, on the help center. */
export const supportTicketPath = `${paths.help}#chamados`;

/** Security reports (bug bounty) go to their own address, a DEMO value. */
export const SECURITY_EMAIL = 'seguranca@mercadogamer.example';
