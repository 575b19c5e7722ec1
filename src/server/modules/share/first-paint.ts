import { FIRST_DATA_ELEMENT_ID, firstDataKey, PAGE_MODULES_ELEMENT_ID } from '@shared/first-data';
import { formatPrice } from '@shared/money';
import type { FastifyInstance } from 'fastify';

/** What a page's HTML carries so the browser paints it sooner. */
export interface FirstPaint {
  /** Public API answers (GET path → body), exactly as the API gives them to a visitor who is not signed in. */
  answers?: Record<string, unknown>;
  /**
   * The page's JavaScript chunks: main.tsx preloads them right after the first paint, beside the app's code,
   * instead of after it. A list in the HTML rather than <link rel="modulepreload">: scripts fetched before the first
   * paint compete with it for a phone's bandwidth (and Lighthouse counts them against LCP).
   */
  modules?: string[];
  /** The photo that will be the largest thing on screen. */
  image?: { url: string; srcSet: string; sizes: string };
  /** Static HTML of the page's first screen, shown inside index.html's frame until the app renders the page. */
  firstScreen?: string;
}

const button =
  'inline-flex shrink-0 select-none items-center justify-center whitespace-nowrap font-medium h-12 gap-2.5 rounded-xl px-6 text-base';

/**
 * The hero of /home as plain HTML, with the classes of pages/HomePage.tsx (keep them alike): its heading is the
 * largest thing on a phone's first screen, so it paints with the HTML instead of after the app's code.
 * The app's first render replaces it (new elements, so nothing counts as shifting).
 */
export const homeFirstScreen = `<div class="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <section class="relative isolate overflow-hidden rounded-3xl border border-line bg-surface px-6 py-12 sm:px-10 sm:py-16 lg:px-14">
            <div class="bg-grid absolute inset-0 -z-10 [mask-image:linear-gradient(to_right,black,transparent_75%)]"></div>
            <div class="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-accent/15 blur-[100px]"></div>
            <p class="text-sm font-medium text-accent">Bem-vindo ao Mercado Gamer</p>
            <h1 class="mt-3 max-w-2xl font-display text-3xl leading-tight font-bold tracking-wide text-fg sm:text-4xl lg:text-5xl">Itens, contas e skins com <span class="text-accent text-glow">segurança</span></h1>
            <p class="mt-4 max-w-xl text-base text-muted sm:text-lg">Compre e venda no marketplace gamer com intermediação garantida, pagamento via PIX e suporte 24h.</p>
            <div class="mt-8 flex flex-col gap-3 sm:flex-row">
              <a href="/marketplace" class="${button} bg-accent text-accent-fg font-semibold">Compre Agora</a>
              <a href="/intermediacao" class="${button} bg-surface-3 text-fg border border-line-strong">Intermediação Segura</a>
            </div>
          </section>
        </div>`;

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

/** index.html with the page's preloads in the head and its chunks and first data (JSON blocks, not scripts) in the body. */
export function withFirstPaint(html: string, page: FirstPaint): string {
  const head: string[] = [];
  if (page.image) {
    head.push(
      `<link rel="preload" as="image" href="${escapeAttribute(page.image.url)}" imagesrcset="${escapeAttribute(page.image.srcSet)}" imagesizes="${escapeAttribute(page.image.sizes)}" fetchpriority="high" />`,
    );
  }
  let out = html;
  // main.tsx waits for a first screen to paint before it starts the app; without one it starts at once.
  if (page.firstScreen)
    out = out.replace(
      '<!--page-->',
      () => `<div class="contents" data-first-screen>${page.firstScreen}</div>`,
    );
  if (head.length) out = out.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  const blocks: string[] = [];
  // The entry script is already in the HTML.
  const modules = (page.modules ?? []).filter((file) => !html.includes(`"${file}"`));
  if (modules.length)
    blocks.push(
      `<script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">${jsonForScript(modules)}</script>`,
    );
  if (page.answers && Object.keys(page.answers).length)
    blocks.push(
      `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${jsonForScript(page.answers)}</script>`,
    );
  if (blocks.length) out = out.replace('</body>', () => `  ${blocks.join('\n    ')}\n  </body>`);
  return out;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A card's photo in the default four-column grid (features/listings/browse/ListingGrid.tsx): the first card's preload. */
export const CARD_PHOTO_SIZES = '(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw';

/** The gallery's `sizes` (features/listings/detail/Gallery.tsx): the preload and the photo below must match it. */
export const LISTING_PHOTO_SIZES = '(min-width: 1280px) 560px, (min-width: 768px) 55vw, 100vw';

/**
 * A listing's first screen as plain HTML, laid out like pages/ListingPage.tsx (keep them alike): its main photo,
 * the largest thing on a phone, paints with the HTML; then its title and price. Everything is escaped.
 */
export function listingFirstScreen(listing: {
  title: string;
  shortDescription: string;
  priceCents: number;
  images: { url: string; srcSet: string; width: number; height: number; alt: string }[];
}): string {
  const photo = listing.images[0];
  const img = photo
    ? `<img src="${escapeAttribute(photo.url)}" srcset="${escapeAttribute(photo.srcSet)}" sizes="${LISTING_PHOTO_SIZES}" width="${photo.width}" height="${photo.height}" alt="${escapeAttribute(photo.alt)}" fetchpriority="high" class="size-full object-contain" />`
    : '';
  return `<div class="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div class="xl:grid xl:grid-cols-[14rem_minmax(0,1fr)] xl:gap-8">
            <div class="hidden xl:block"></div>
            <div class="flex min-w-0 flex-col gap-5">
              <div class="h-5"></div>
              <div class="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_22rem]">
                <div class="relative aspect-[4/3] overflow-hidden rounded-2xl border border-line bg-surface-2">${img}</div>
                <div class="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 md:col-start-2 md:row-span-2 md:row-start-1 lg:p-6">
                  <div>
                    <h1 class="font-display text-xl leading-snug font-bold tracking-wide break-words text-fg">${escapeText(listing.title)}</h1>
                    <p class="mt-2 line-clamp-3 text-sm break-words text-muted">${escapeText(listing.shortDescription)}</p>
                  </div>
                  <p class="font-display text-3xl font-bold text-accent text-glow">${escapeText(formatPrice(listing.priceCents))}</p>
                </div>
              </div>
            </div>
          </div>
        </div>`;
}
