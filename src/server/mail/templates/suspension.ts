import type { SuspensionPenalty } from '@shared/moderation';
import { penaltyLabels, suspendedMessage } from '@shared/moderation-messages';
import { paths } from '@shared/paths';
import type { Mail } from '../mailer';
import { brandedMail } from './layout';

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
  const what =
    penalty === 'advertencia'
      ? 'Sua conta recebeu uma advertência da equipe do Mercado Gamer.'
      : `Sua conta recebeu uma penalidade da equipe do Mercado Gamer: ${penaltyLabels[penalty]}. ${suspendedMessage(endsAt)} Enquanto isso, seus anúncios ficam fora do ar.`;
  return {
    to,
    subject: `${penaltyLabels[penalty]} na sua conta do Mercado Gamer`,
    ...brandedMail({
      name,
      title: penaltyLabels[penalty],
      paragraphs: [what, 'Motivo:', reason],
      button: { label: 'Ler os Termos de Uso', url: `${publicUrl}${paths.terms}` },
      footer: { text: 'Se acha que houve um engano, responda a este e-mail.' },
    }),
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
  const login = `${publicUrl}${paths.login}`;
  return {
    to,
    subject: 'Sua suspensão no Mercado Gamer foi revogada',
    link: login,
    ...brandedMail({
      name,
      title: 'Suspensão revogada',
      paragraphs: [
        `A equipe do Mercado Gamer revogou a penalidade da sua conta (${penaltyLabels[penalty]}). Você já pode entrar de novo, e seus anúncios voltam ao ar.`,
        'Motivo:',
        reason,
      ],
      button: { label: 'Entrar', url: login },
    }),
  };
}
