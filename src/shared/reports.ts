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

/** Part 2 §3: a report's tipo as the reporter reads it (produto, usuario, mensagem). */
export const reportTargetLabels = { listing: 'Produto', user: 'Usuário', post: 'Mensagem' } as const;

/** A report as its author reads it on /historico-denuncias. */
export const memberReport = z.object({
  id: z.number().int(),
  targetType: z.enum(reportTargets),
  targetName: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  adminResponse: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MemberReport = z.infer<typeof memberReport>;

export const memberReports = z.object({
  reports: z.array(memberReport),
  /** Real counts per status, for the summary cards. */
  counts: z.object({
    pendente: z.number().int(),
    em_analise: z.number().int(),
    resolvida: z.number().int(),
    rejeitada: z.number().int(),
  }),
});
export type MemberReports = z.infer<typeof memberReports>;
