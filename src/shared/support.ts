/**
 * Support tickets (part 2 §3: status open, in_progress, resolved; priority high, medium, normal). The staff side
 * (issue 13) answers them; a protected trade opens one with category `intermediacao` and priority high.
 */
export const supportTicketCategories = ['intermediacao', 'conta', 'pagamento', 'denuncia', 'outro'] as const;
export type SupportTicketCategory = (typeof supportTicketCategories)[number];

export const supportTicketStatuses = ['open', 'in_progress', 'resolved'] as const;
export type SupportTicketStatus = (typeof supportTicketStatuses)[number];

export const supportTicketPriorities = ['high', 'medium', 'normal'] as const;

/** The categories a member picks; `intermediacao` tickets are opened by protected trades only. */
export const memberTicketCategories = [
  'conta',
  'pagamento',
  'denuncia',
  'outro',
] as const satisfies readonly SupportTicketCategory[];

export const MIN_TICKET_SUBJECT = 5;
export const MAX_TICKET_SUBJECT = 120;
export const MIN_TICKET_DESCRIPTION = 10;
export const MAX_TICKET_DESCRIPTION = 2000;
