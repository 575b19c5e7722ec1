import type { SuspensionPenalty } from '@shared/moderation';
import { penaltyLabels, suspendedMessage } from '@shared/moderation-messages';
import { paths } from '@shared/paths';
import { escapeHtml } from '../../auth/confirmation-mail';
import type { Mail } from '../../mail/mailer';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');

/**
 * The notice of a penalty (issue 22): a transactional mail, sent whatever the member's e-mail switch says (a
 * suspended member cannot sign in to read the bell). It names the penalty, until when, and the reason.
 */
export function penaltyMail(
  to: string,
  name: string,
  penalty: SuspensionPenalty,
  reason: string,
  endsAt: Date | null,
  publicUrl: string,
): Mail {
  const hello = `Olá, ${name}!`;
  const what =
    penalty === 'advertencia'
      ? 'Sua conta recebeu uma advertência da equipe do Mercado Gamer.'
      : `Sua conta recebeu uma penalidade da equipe do Mercado Gamer: ${penaltyLabels[penalty]}. ${suspendedMessage(endsAt)} Enquanto isso, seus anúncios ficam fora do ar.`;
  const rules = `${publicUrl}${paths.terms}`;
  return {
    to,
    subject: `${penaltyLabels[penalty]} na sua conta do Mercado Gamer`,
    text: `${hello}\n\n${what}\n\nMotivo:\n${reason}\n\nLeia os Termos de Uso: ${rules}\nSe acha que houve um engano, responda a este e-mail.`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(what)}</p><p>Motivo:</p>${paragraphs(reason)}<p><a href="${escapeHtml(rules)}">Termos de Uso</a> · Se acha que houve um engano, responda a este e-mail.</p>`,
  };
}

/** The notice that a suspension was lifted early, with the staff's reason. */
export function liftMail(
  to: string,
  name: string,
  penalty: SuspensionPenalty,
  reason: string,
  publicUrl: string,
): Mail {
  const hello = `Olá, ${name}!`;
  const what = `A equipe do Mercado Gamer revogou a penalidade da sua conta (${penaltyLabels[penalty]}). Você já pode entrar de novo, e seus anúncios voltam ao ar.`;
  const login = `${publicUrl}${paths.login}`;
  return {
    to,
    subject: 'Sua suspensão no Mercado Gamer foi revogada',
    text: `${hello}\n\n${what}\n\nMotivo:\n${reason}\n\nEntrar: ${login}`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(what)}</p><p>Motivo:</p>${paragraphs(reason)}<p><a href="${escapeHtml(login)}">Entrar</a></p>`,
    link: login,
  };
}
