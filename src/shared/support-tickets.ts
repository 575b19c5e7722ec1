import { z } from 'zod';
import {
  MAX_TICKET_DESCRIPTION,
  MAX_TICKET_SUBJECT,
  MIN_TICKET_DESCRIPTION,
  MIN_TICKET_SUBJECT,
  memberTicketCategories,
  supportTicketCategories,
  supportTicketStatuses,
} from './support';
import { supportMessages as m } from './support-messages';

export const ticketInput = z.object({
  category: z.enum(memberTicketCategories, { error: m.categoryRequired }),
  subject: z
    .string(m.subjectTooShort)
    .trim()
    .min(MIN_TICKET_SUBJECT, m.subjectTooShort)
    .max(MAX_TICKET_SUBJECT, m.subjectTooLong),
  description: z
    .string(m.descriptionTooShort)
    .trim()
    .min(MIN_TICKET_DESCRIPTION, m.descriptionTooShort)
    .max(MAX_TICKET_DESCRIPTION, m.descriptionTooLong),
});
export type TicketInput = z.infer<typeof ticketInput>;

/** A ticket as its author sees it: no staff-only columns (assignee, priority). */
export const memberTicket = z.object({
  id: z.number().int(),
  category: z.enum(supportTicketCategories),
  subject: z.string(),
  description: z.string(),
  status: z.enum(supportTicketStatuses),
  adminResponse: z.string().nullable(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberTicket = z.infer<typeof memberTicket>;

export const memberTickets = z.object({ tickets: z.array(memberTicket) });
export type MemberTickets = z.infer<typeof memberTickets>;
