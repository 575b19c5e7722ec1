import { whatsappLink } from './whatsapp';

/**
 * How members reach the team besides Discord (whose invite comes from GET /api/discord). The spec gives no
 * e-mail or number, so these are DEMO values — a reserved `.example` domain and a placeholder number —
 * to be replaced with the real channels before launch.
 */
export const SUPPORT_EMAIL = 'suporte@mercadogamer.example';

/** The support WhatsApp, as shown (DDD and number); the link is built with the shared WhatsApp rules. */
export const SUPPORT_WHATSAPP = '(11) 90000-0000';

export const supportWhatsappUrl = whatsappLink(SUPPORT_WHATSAPP);

/** Security reports (bug bounty) go to their own address, also a DEMO value. */
export const SECURITY_EMAIL = 'seguranca@mercadogamer.example';
