import { partnershipStatusLabels } from '@shared/support-queue-messages';
import { escapeHtml } from '../../auth/confirmation-mail';
import type { Mail } from '../../mail/mailer';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');

/** The staff reply to a feedback sent from /enviar-feedback. */
export function feedbackReplyMail(to: string, name: string | null, subject: string, response: string): Mail {
  const hello = name ? `Olá, ${name}!` : 'Olá!';
  return {
    to,
    subject: `Resposta ao seu feedback: ${subject}`,
    text: `${hello}\n\nObrigado pelo feedback "${subject}". Nossa equipe respondeu:\n\n${response}`,
    html: `<p>${escapeHtml(hello)}</p><p>Obrigado pelo feedback “${escapeHtml(subject)}”. Nossa equipe respondeu:</p>${paragraphs(response)}`,
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
    text: `Olá, ${name}!\n\nA proposta de parceria de ${company} ${verdict}${notes ? `\n\nObservações da equipe:\n${notes}` : ''}`,
    html: `<p>Olá, ${escapeHtml(name)}!</p><p>A proposta de parceria de ${escapeHtml(company)} ${escapeHtml(verdict)}</p>${notes ? `<p>Observações da equipe:</p>${paragraphs(notes)}` : ''}`,
  };
}
