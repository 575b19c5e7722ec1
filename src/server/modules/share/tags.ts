import { jsonForScript } from './first-paint';

export interface ShareTags {
  title: string;
  description: string;
  /** The page's one address: og:url and <link rel="canonical">. */
  url: string;
  image?: { url: string; width: number; height: number; alt: string };
  /** schema.org data, written as a JSON-LD block (data, not a script: the CSP's script-src does not apply). */
  structuredData?: Record<string, unknown>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const replacedMeta =
  /<meta\s+(?:name|property)="(?:description|og:title|og:description|og:url|og:image)"[^>]*>\s*|<link\s+rel="canonical"[^>]*>\s*/g;

/** index.html with the page's own title, description and Open Graph tags, for link previews. */
export function withShareTags(html: string, tags: ShareTags): string {
  const meta: [string, string][] = [
    ['name="description"', tags.description],
    ['property="og:title"', tags.title],
    ['property="og:description"', tags.description],
    ['property="og:url"', tags.url],
  ];
  if (tags.image) {
    meta.push(
      ['property="og:image"', tags.image.url],
      ['property="og:image:width"', String(tags.image.width)],
      ['property="og:image:height"', String(tags.image.height)],
      ['property="og:image:alt"', tags.image.alt],
      ['name="twitter:card"', 'summary_large_image'],
    );
  }
  const head = meta.map(([key, value]) => `<meta ${key} content="${escapeHtml(value)}" />`);
  head.push(`<link rel="canonical" href="${escapeHtml(tags.url)}" />`);
  // jsonForScript turns every `<` into \u003c: a title cannot close the element.
  if (tags.structuredData)
    head.push(`<script type="application/ld+json">${jsonForScript(tags.structuredData)}</script>`);
  // Replacer functions, never replacement strings: `$&`, `$'` or `$\`` in a title are text, not patterns.
  return html
    .replace(replacedMeta, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(tags.title)}</title>`)
    .replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`);
}
