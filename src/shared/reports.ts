import { z } from 'zod';
import { communityMessages as m } from './community-messages';
import { reportReasons } from './report-reasons';

/** What a user may report: posts, listings, users, and comments on listings and on posts (issue 22). */
export const reportTargets = ['post', 'listing', 'user', 'listing_comment', 'post_comment'] as const;
export type ReportTargetType = (typeof reportTargets)[number];
export const reportStatuses = ['pendente', 'em_analise', 'resolvida', 'rejeitada'] as const;

export const reportInput = z.object({
  reason: z.enum(reportReasons, { error: m.reportReasonRequired }),
  details: z.string().trim().max(1000, m.reportDetailsTooLong).optional(),
});
export type ReportInput = z.infer<typeof reportInput>;

/** Part 2 §3: a report's tipo as the reporter reads it (produto, usuario, mensagem). */
export const reportTargetLabels = {
  listing: 'Produto',
  user: 'Usuário',
  post: 'Mensagem',
  listing_comment: 'Comentário em anúncio',
  post_comment: 'Comentário no fórum',
} as const;

/** How much of a reported comment the report keeps as its target's name (the staff read it in the queue). */
export const REPORTED_COMMENT_EXCERPT = 300;

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
