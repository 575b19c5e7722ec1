import { FIRST_DATA_ELEMENT_ID, firstDataKey } from '@shared/first-data';
import type { FastifyInstance } from 'fastify';

/** What a page's HTML carries so the browser paints it sooner. */
export interface FirstPaint {
  /** Public API answers (GET path → body), exactly as the API gives them to a visitor who is not signed in. */
  answers?: Record<string, unknown>;
  /** The page's JavaScript chunks, fetched in parallel with the main script instead of after it. */
  modules?: string[];
  /** The photo that will be the largest thing on screen. */
  image?: { url: string; srcSet: string; sizes: string };
}

/**
 * JSON that cannot end the script element it sits in: every `<` becomes `\u003c` (so no `</script>` and no `<!--`),
 * and the two line separators JavaScript once refused are escaped too. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The API's answers to these GETs, asked of the app itself without the visitor's cookies: public data only, the
 * same bytes a guest's browser would get. Failed requests are left out (the browser asks for them itself).
 */
export async function publicAnswers(app: FastifyInstance, paths: string[]): Promise<Record<string, unknown>> {
  const replies = await Promise.all(paths.map((url) => app.inject({ method: 'GET', url })));
  const answers: Record<string, unknown> = {};
  replies.forEach((reply, i) => {
    if (reply.statusCode === 200) answers[firstDataKey(paths[i] as string)] = reply.json();
  });
  return answers;
}

/** index.html with the page's preloads in the head and its first data (a JSON block, not a script) in the body. */
export function withFirstPaint(html: string, page: FirstPaint): string {
  const head: string[] = [];
  if (page.image) {
    head.push(
      `<link rel="preload" as="image" href="${escapeAttribute(page.image.url)}" imagesrcset="${escapeAttribute(page.image.srcSet)}" imagesizes="${escapeAttribute(page.image.sizes)}" fetchpriority="high" />`,
    );
  }
  for (const file of page.modules ?? []) {
    if (!html.includes(`"${file}"`))
      head.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}" />`);
  }
  let out = html;
  if (head.length) out = out.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  if (page.answers && Object.keys(page.answers).length) {
    const block = `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${jsonForScript(page.answers)}</script>`;
    out = out.replace('</body>', () => `  ${block}\n  </body>`);
  }
  return out;
}
