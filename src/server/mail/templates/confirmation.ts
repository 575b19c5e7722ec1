import type { Mail } from '../mailer';
import { brandedMail } from './layout';

/** The sign-up's "Confirme seu email": one button to the confirmation link, which lasts `validHours`. */
export function confirmationMail(to: string, nickname: string, link: string, validHours: number): Mail {
  return {
    to,
    link,
    subject: 'Confirme seu email no Mercado Gamer',
    ...brandedMail({
      name: nickname,
      title: 'Confirme seu email',
      paragraphs: [
        'Falta só um passo para ativar sua conta no Mercado Gamer: confirme que este email é seu.',
        `O link vale por ${validHours} horas. Depois disso, peça um novo na página de login.`,
      ],
      button: { label: 'Confirmar email', url: link },
      footer: {
        text: 'Se você não criou esta conta, ignore esta mensagem: nada será feito sem a confirmação.',
      },
    }),
  };
}
