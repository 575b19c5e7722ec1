export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface BrandedMailContent {
  name: string;
  title: string;
  /** Plain text, one entry per paragraph (escaped here). */
  paragraphs: string[];
  button: { label: string; url: string };
  /** The small print under the button: why the mail came, what to do if unexpected. */
  footer: string;
}

/**
 * The one look of the Mercado Gamer mails (the notification mails' too, modules/notifications/mail.ts): a greeting,
 * a heading, the text, one green button and the small print; the text part says the same with the bare link.
 */
export function brandedMail({ name, title, paragraphs, button, footer }: BrandedMailContent) {
  const text = [`Olá, ${name}!`, title, ...paragraphs, `${button.label}: ${button.url}`, `—\n${footer}`].join(
    '\n\n',
  );
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">',
    `<p style="margin:0 0 12px">Olá, ${escapeHtml(name)}!</p>`,
    `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`),
    `<p style="margin:20px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#1fe383;color:#03140b;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(button.label)}</a></p>`,
    `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>`,
    '</div>',
  ].join('');
  return { text, html };
}
