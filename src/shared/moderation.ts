import { z } from 'zod';
import { moderationMessages as m } from './moderation-messages';
import { reportStatuses, reportTargets } from './reports';
import { staffSearch } from './support-queues';

/** Part 2 §9's penalty periods: a warning (no block), 7 days, 30 days, permanent. */
export const suspensionPenalties = ['advertencia', '7_dias', '30_dias', 'permanente'] as const;
export type SuspensionPenalty = (typeof suspensionPenalties)[number];

/** How long each penalty blocks sign-in, in days; null: forever; 0: a warning, no block. */
export const penaltyDays: Record<SuspensionPenalty, number | null> = {
  advertencia: 0,
  '7_dias': 7,
  '30_dias': 30,
  permanente: null,
};

export const MAX_MODERATION_TEXT = 2000;
export const STAFF_REPORTS_PAGE_SIZE = 20;

export const staffReportsQuery = z.object({
  status: z.enum(reportStatuses).optional(),
  targetType: z.enum(reportTargets).optional(),
  /** Reporter's or reported member's name or e-mail, the target's name, the reason, or the report's id. */
  q: staffSearch,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffReportsQuery = z.infer<typeof staffReportsQuery>;

export const staffReport = z.object({
  id: z.number().int(),
  targetType: z.enum(reportTargets),
  targetId: z.string(),
  targetName: z.string(),
  /** Whether the listing, post or user still exists (a removed target shows as removed). */
  targetExists: z.boolean(),
  /** A reported comment's place: its listing's or post's page at the comment (null for other targets). */
  targetPath: z.string().nullable(),
  /** The user the report is about: the listing's seller, the post's author, or the user. */
  targetUserId: z.string().nullable(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  adminResponse: z.string().nullable(),
  reporterName: z.string(),
  reporterEmail: z.string(),
  handledByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffReport = z.infer<typeof staffReport>;
export const staffReportPage = z.object({
  reports: z.array(staffReport),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffReportPage = z.infer<typeof staffReportPage>;

/** pendente → em_analise → resolvida | rejeitada; a final decision carries the reply the reporter reads. */
export const reportDecisionInput = z
  .object({
    status: z.enum(['em_analise', 'resolvida', 'rejeitada'], { error: m.reportStatusRequired }),
    response: z.string().trim().max(MAX_MODERATION_TEXT, m.responseTooLong).default(''),
  })
  .refine((input) => input.status === 'em_analise' || input.response !== '', {
    path: ['response'],
    message: m.responseRequired,
  });
export type ReportDecisionInput = z.input<typeof reportDecisionInput>;

export const suspendInput = z.object({
  penalty: z.enum(suspensionPenalties, { error: m.penaltyRequired }),
  reason: z
    .string(m.suspensionReasonRequired)
    .trim()
    .min(1, m.suspensionReasonRequired)
    .max(MAX_MODERATION_TEXT, m.responseTooLong),
  reportId: z.number().int().positive().optional(),
});
export type SuspendInput = z.input<typeof suspendInput>;

/** Lifting a suspension early (issue 22): the reason is kept on the suspension and mailed to the member. */
export const liftSuspensionInput = z.object({
  reason: z
    .string(m.liftReasonRequired)
    .trim()
    .min(1, m.liftReasonRequired)
    .max(MAX_MODERATION_TEXT, m.responseTooLong),
});
export type LiftSuspensionInput = z.input<typeof liftSuspensionInput>;
