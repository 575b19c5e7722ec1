import { SITE_NAME } from '@shared/page-meta';
import { jsonForScript } from './first-paint';

export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface ShareTags {
  title: string;
  description: string;
  /** The page's one address: og:url and <link rel="canonical">. */
  url: string;
  image: ShareImage;
  /** 'article' for a community post, 'profile' for a seller; 'website' otherwise. */
  type?: 'website' | 'article' | 'profile';
  /** Out of search results, links still followed (page-meta.ts says which pages). */
  noindex?: boolean;
  /** schema.org data, written as a JSON-LD block (data, not a script: the CSP's script-src does not apply). */
  structuredData?: Record<string, unknown>;
}

/**
 * The preview of a page with no photo of its own: the brand at 1200×630, the size WhatsApp, Discord and Facebook
 * show large. src/web/public/og-image.png was drawn once as an SVG in the brand's colours and fonts (Orbitron, Inter),
 * rendered by Chromium, whose fonts librsvg lacks, and made a palette PNG by sharp; the one-off script is not kept.
 */
export const defaultShareImage = (publicUrl: string): ShareImage => ({
  url: `${publicUrl}/og-image.png`,
  width: 1200,
  height: 630,
  alt: `${SITE_NAME} — marketplace gamer seguro com intermediação garantida`,
});

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every tag withShareTags writes, removed first from index.html's defaults so each appears once. */
const replacedMeta =
  /<meta\s+(?:name|property)="(?:description|robots|og:[\w:]+|twitter:[\w:]+)"[^>]*>\s*|<link\s+rel="canonical"[^>]*>\s*/g;

/** index.html with the page's own title, description and Open Graph tags, for search engines and link previews. */
export function withShareTags(html: string, tags: ShareTags): string {
  const meta: [string, string][] = [
    ['name="description"', tags.description],
    ...(tags.noindex ? [['name="robots"', 'noindex, follow'] as [string, string]] : []),
    ['property="og:site_name"', SITE_NAME],
    ['property="og:locale"', 'pt_BR'],
    ['property="og:type"', tags.type ?? 'website'],
    ['property="og:title"', tags.title],
    ['property="og:description"', tags.description],
    ['property="og:url"', tags.url],
    ['property="og:image"', tags.image.url],
    ['property="og:image:width"', String(tags.image.width)],
    ['property="og:image:height"', String(tags.image.height)],
    ['property="og:image:alt"', tags.image.alt],
    ['name="twitter:card"', 'summary_large_image'],
  ];
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
