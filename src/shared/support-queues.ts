import { z } from 'zod';
import { feedbackPriorities, feedbackStatuses, feedbackTypes } from './feedback';
import { partnershipStatuses, partnershipTypes } from './partnerships';
import { supportTicketCategories, supportTicketPriorities, supportTicketStatuses } from './support';
import { staffQueueMessages as m } from './support-queue-messages';

/** Rows per page of every staff queue; the server pages, the tab asks for a page. */
export const STAFF_PAGE_SIZE = 20;
export const MAX_STAFF_RESPONSE = 2000;

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** The longest text search a staff queue takes (member, e-mail, subject or id). */
export const MAX_STAFF_SEARCH = 100;
export const staffSearchTooLong = `A busca pode ter no máximo ${MAX_STAFF_SEARCH} caracteres.`;
/** A queue's text search (`?q=`): trimmed, bounded, absent when empty. Every staff queue and the audit use it. */
export const staffSearch = z
  .string()
  .trim()
  .max(MAX_STAFF_SEARCH, staffSearchTooLong)
  .optional()
  .transform((value) => value || undefined);
const paged = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

// ── Support tickets ──

export const staffTicketsQuery = z.object({
  status: z.enum(supportTicketStatuses).optional(),
  q: staffSearch,
  page,
});
export type StaffTicketsQuery = z.infer<typeof staffTicketsQuery>;

export const staffTicket = z.object({
  id: z.number().int(),
  category: z.enum(supportTicketCategories),
  subject: z.string(),
  description: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  status: z.enum(supportTicketStatuses),
  priority: z.enum(supportTicketPriorities),
  adminResponse: z.string().nullable(),
  respondedAt: z.string().nullable(),
  assignedToName: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffTicket = z.infer<typeof staffTicket>;
export const staffTicketPage = z.object({ tickets: z.array(staffTicket), ...paged });
export type StaffTicketPage = z.infer<typeof staffTicketPage>;

export const ticketResolveInput = z.object({
  response: z
    .string(m.ticketResponseRequired)
    .trim()
    .min(1, m.ticketResponseRequired)
    .max(MAX_STAFF_RESPONSE, m.ticketResponseTooLong),
});
export type TicketResolveInput = z.infer<typeof ticketResolveInput>;

// ── Feedback ──

export const staffFeedbackQuery = z.object({
  status: z.enum(feedbackStatuses).optional(),
  q: staffSearch,
  page,
});
export type StaffFeedbackQuery = z.infer<typeof staffFeedbackQuery>;

export const staffFeedback = z.object({
  id: z.number().int(),
  feedbackType: z.enum(feedbackTypes),
  rating: z.number().int(),
  userName: z.string().nullable(),
  userEmail: z.string(),
  subject: z.string(),
  message: z.string(),
  browser: z.string().nullable(),
  device: z.string().nullable(),
  status: z.enum(feedbackStatuses),
  priority: z.enum(feedbackPriorities),
  adminResponse: z.string().nullable(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffFeedback = z.infer<typeof staffFeedback>;
export const staffFeedbackPage = z.object({ feedback: z.array(staffFeedback), ...paged });
export type StaffFeedbackPage = z.infer<typeof staffFeedbackPage>;

export const feedbackResponseInput = z.object({
  response: z
    .string(m.feedbackResponseRequired)
    .trim()
    .min(1, m.feedbackResponseRequired)
    .max(MAX_STAFF_RESPONSE, m.feedbackResponseTooLong),
});
export type FeedbackResponseInput = z.infer<typeof feedbackResponseInput>;

// ── Partnerships ──

export const staffPartnershipsQuery = z.object({
  status: z.enum(partnershipStatuses).optional(),
  q: staffSearch,
  page,
});
export type StaffPartnershipsQuery = z.infer<typeof staffPartnershipsQuery>;

export const staffPartnership = z.object({
  id: z.number().int(),
  companyName: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  partnershipType: z.enum(partnershipTypes),
  description: z.string(),
  status: z.enum(partnershipStatuses),
  adminNotes: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffPartnership = z.infer<typeof staffPartnership>;
export const staffPartnershipPage = z.object({ partnerships: z.array(staffPartnership), ...paged });
export type StaffPartnershipPage = z.infer<typeof staffPartnershipPage>;

export const partnershipDecisions = ['approved', 'rejected'] as const;
export const partnershipDecisionInput = z.object({
  decision: z.enum(partnershipDecisions, { error: m.partnershipDecisionRequired }),
  notes: z.string().trim().max(MAX_STAFF_RESPONSE, m.partnershipNotesTooLong).default(''),
});
export type PartnershipDecisionInput = z.input<typeof partnershipDecisionInput>;
