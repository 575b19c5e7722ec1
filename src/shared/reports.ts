import { z } from 'zod';
import { communityMessages as m } from './community-messages';

/** What a user may report; the reports issue adds listings and users to the same table. */
export const reportTargets = ['post', 'listing', 'user'] as const;
export const reportStatuses = ['pendente', 'em_analise', 'resolvida', 'rejeitada'] as const;

export const reportReasons = ['spam', 'ofensivo', 'golpe', 'conteudo_improprio', 'outro'] as const;
export const reportReasonLabels: Record<(typeof reportReasons)[number], string> = {
  spam: 'Spam ou propaganda',
  ofensivo: 'Ofensivo ou discurso de ódio',
  golpe: 'Golpe ou tentativa de fraude',
  conteudo_improprio: 'Conteúdo impróprio',
  outro: 'Outro motivo',
};

export const reportInput = z.object({
  reason: z.enum(reportReasons, { error: m.reportReasonRequired }),
  details: z.string().trim().max(1000, m.reportDetailsTooLong).optional(),
});
export type ReportInput = z.infer<typeof reportInput>;
