import { z } from 'zod';
import { communityMessages as m } from './community-messages';
import { reportReasons } from './report-reasons';

/** What a user may report; the reports issue adds listings and users to the same table. */
export const reportTargets = ['post', 'listing', 'user'] as const;
export const reportStatuses = ['pendente', 'em_analise', 'resolvida', 'rejeitada'] as const;

export const reportInput = z.object({
  reason: z.enum(reportReasons, { error: m.reportReasonRequired }),
  details: z.string().trim().max(1000, m.reportDetailsTooLong).optional(),
});
export type ReportInput = z.infer<typeof reportInput>;
