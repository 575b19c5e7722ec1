/** The one escaping of text put into a mail's HTML: every template here goes through it. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface BrandedMailContent {
  /** The greeting's name; null greets without one (a feedback sent without a name). */
  name: string | null;
  title: string;
  /**
   * Plain text, one entry per paragraph (escaped here). A member's or staff's text may hold line breaks and blank
   * lines: a blank line starts a new paragraph, a single break stays a line break.
   */
  paragraphs: string[];
  /** A paragraph in bold after the text: what to do if the mail was not expected (the security mails). */
  warning?: string;
  button?: { label: string; url: string };
  /** The small print at the end: why the mail came, what to do if unexpected; `link` closes it as a link. */
  footer?: { text: string; link?: string };
}

const P = '<p style="margin:0 0 12px">';

const htmlParagraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `${P}${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');

/**
 * The one look of the Mercado Gamer mails (every template in this folder): a greeting, a heading, the text, one
 * green button and the small print; the text part says the same with the bare link.
 */
export function brandedMail({ name, title, paragraphs, warning, button, footer }: BrandedMailContent) {
  const hello = name === null ? 'Olá!' : `Olá, ${name}!`;
  const text = [
    hello,
    title,
    ...paragraphs,
    ...(warning ? [warning] : []),
    ...(button ? [`${button.label}: ${button.url}`] : []),
    ...(footer ? [`—\n${footer.text}${footer.link ? ` ${footer.link}` : ''}`] : []),
  ].join('\n\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">',
    `${P}${escapeHtml(hello)}</p>`,
    `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(title)}</h1>`,
    ...paragraphs.map(htmlParagraphs),
    warning ? `${P}<strong>${escapeHtml(warning)}</strong></p>` : '',
    button
      ? `<p style="margin:20px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#1fe383;color:#03140b;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(button.label)}</a></p>`
      : '',
    footer
      ? `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">${escapeHtml(footer.text)}${
          footer.link
            ? ` <a href="${escapeHtml(footer.link)}" style="color:#6b7280">${escapeHtml(footer.link)}</a>.`
            : ''
        }</p>`
      : '',
    '</div>',
  ].join('');
  return { text, html };
}
