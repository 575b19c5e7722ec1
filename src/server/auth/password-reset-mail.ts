import type { Mail } from '../mail/mailer';
import { escapeHtml } from './confirmation-mail';

/** The 'Esqueci minha senha' mail: one link to the page that chooses the new password. */
export function passwordResetMail(to: string, nickname: string, link: string, validMinutes: number): Mail {
  return {
    to,
    link,
    subject: 'Redefina sua senha no Mercado Gamer',
    text: `Olá, ${nickname}!\n\nRecebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo (válido por ${validMinutes} minutos e uma única vez):\n${link}\n\nAo redefinir, todas as sessões abertas da sua conta serão encerradas.\n\nSe você não pediu isto, ignore esta mensagem: sua senha continua a mesma.`,
    html: `<p>Olá, ${escapeHtml(nickname)}!</p><p>Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo (válido por ${validMinutes} minutos e uma única vez):</p><p><a href="${escapeHtml(link)}">Redefinir senha</a></p><p>Ao redefinir, todas as sessões abertas da sua conta serão encerradas.</p><p>Se você não pediu isto, ignore esta mensagem: sua senha continua a mesma.</p>`,
  };
}
