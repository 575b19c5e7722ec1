import { partnershipStatusLabels } from '@shared/support-queue-messages';
import type { Mail } from '../mailer';
import { brandedMail } from './layout';

/** The staff reply to a feedback sent from /enviar-feedback. */
export function feedbackReplyMail(to: string, name: string | null, subject: string, response: string): Mail {
  return {
    to,
    subject: `Resposta ao seu feedback: ${subject}`,
    ...brandedMail({
      name,
      title: 'Resposta ao seu feedback',
      paragraphs: [`Obrigado pelo feedback “${subject}”. Nossa equipe respondeu:`, response],
    }),
  };
}

/** The decision on a partnership request, with the staff notes when there are any. */
export function partnershipDecisionMail(
  to: string,
  name: string,
  company: string,
  decision: 'approved' | 'rejected',
  notes: string,
): Mail {
  const verdict =
    decision === 'approved'
      ? 'foi aprovada! Em breve entraremos em contato para os próximos passos.'
      : 'não foi aprovada desta vez. Agradecemos o interesse no Mercado Gamer.';
  const label = partnershipStatusLabels[decision];
  return {
    to,
    subject: `Proposta de parceria ${label.toLowerCase()}: ${company}`,
    ...brandedMail({
      name,
      title: `Proposta de parceria ${label.toLowerCase()}`,
      paragraphs: [
        `A proposta de parceria de ${company} ${verdict}`,
        ...(notes ? ['Observações da equipe:', notes] : []),
      ],
    }),
  };
}
