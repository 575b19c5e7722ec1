import { paths } from './paths';
import { whatsappLink } from './whatsapp';

/**
 * How members reach the team besides Discord and the ticket form: SUPPORT_EMAIL, SUPPORT_WHATSAPP and
 * SECURITY_EMAIL (`GET /api/contact`), null when the operator set none — then the pages point to the ticket form.
 */
export interface SupportContact {
  email: string | null;
  /** As shown (DDD and number); the link is built with the shared WhatsApp rules. */
  whatsapp: string | null;
  /** Where security incidents and vulnerabilities go (/seguranca): SECURITY_EMAIL, else SUPPORT_EMAIL. */
  security: string | null;
  /** Who runs the site (COMPANY_NAME, COMPANY_CNPJ as 00.000.000/0000-00): footer and /sobre. */
  companyName: string | null;
  companyCnpj: string | null;
}

export const supportWhatsappUrl = (number: string) => whatsappLink(number);

/** The in-app support ticket form, on the help center. */
export const supportTicketPath = `${paths.help}#chamados`;
