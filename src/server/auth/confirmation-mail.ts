import type { Mail } from '../mail/mailer';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function confirmationMail(to: string, nickname: string, link: string): Mail {
  return {
    to,
    link,
    subject: 'Confirme seu email no Mercado Gamer',
    text: `Olá, ${nickname}!\n\nConfirme seu email para ativar sua conta:\n${link}\n\nSe você não criou esta conta, ignore esta mensagem.`,
    html: `<p>Olá, ${escapeHtml(nickname)}!</p><p>Confirme seu email para ativar sua conta:</p><p><a href="${escapeHtml(link)}">Confirmar email</a></p><p>Se você não criou esta conta, ignore esta mensagem.</p>`,
  };
}
