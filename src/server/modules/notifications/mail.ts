import { paths } from '@shared/paths';
import { escapeHtml } from '../../auth/confirmation-mail';
import type { Mail } from '../../mail/mailer';

export interface NotificationMailInput {
  to: string;
  name: string;
  title: string;
  body: string;
  /** The notification's app path ('/intermediacao/12'), already made safe when stored. */
  link: string;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');

/**
 * The e-mail copy of a notification (decision 019): its title as the subject, its title and body, a button to the
 * page it is about, and why it came. Every piece of user text (names, listing titles, replies) is escaped.
 */
export function notificationMail(input: NotificationMailInput, publicUrl: string): Mail {
  const url = `${publicUrl}${input.link}`;
  const settingsUrl = `${publicUrl}${paths.settings}`;
  const why =
    'Você recebeu este e-mail porque as notificações por e-mail estão ligadas na sua conta do Mercado Gamer.';
  const off = 'Para não receber mais, desligue “Notificações por e-mail” em Configurações:';
  return {
    to: input.to,
    link: url,
    subject: input.title,
    text: [
      `Olá, ${input.name}!`,
      input.title,
      input.body,
      `Ver no Mercado Gamer: ${url}`,
      `—\n${why}\n${off} ${settingsUrl}`,
    ].join('\n\n'),
    html: [
      '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">',
      `<p style="margin:0 0 12px">Olá, ${escapeHtml(input.name)}!</p>`,
      `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(input.title)}</h1>`,
      paragraphs(input.body),
      `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1fe383;color:#03140b;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">Ver no Mercado Gamer</a></p>`,
      `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">${escapeHtml(why)} ${escapeHtml(off)} <a href="${escapeHtml(settingsUrl)}" style="color:#6b7280">${escapeHtml(settingsUrl)}</a>.</p>`,
      '</div>',
    ].join(''),
  };
}
