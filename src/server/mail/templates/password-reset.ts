import type { Mail } from '../mailer';
import { brandedMail } from './layout';

/** The 'Esqueci minha senha' mail: one link to the page that chooses the new password. */
export function passwordResetMail(to: string, nickname: string, link: string, validMinutes: number): Mail {
  return {
    to,
    link,
    subject: 'Redefina sua senha no Mercado Gamer',
    ...brandedMail({
      name: nickname,
      title: 'Redefina sua senha',
      paragraphs: [
        `Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo (válido por ${validMinutes} minutos e uma única vez).`,
        'Ao redefinir, todas as sessões abertas da sua conta serão encerradas.',
      ],
      button: { label: 'Redefinir senha', url: link },
      footer: { text: 'Se você não pediu isto, ignore esta mensagem: sua senha continua a mesma.' },
    }),
  };
}
