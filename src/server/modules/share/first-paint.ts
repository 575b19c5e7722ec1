import { FIRST_DATA_ELEMENT_ID, firstDataKey } from '@shared/first-data';
import { categoryTabs, kindLabel } from '@shared/listing-kinds';
import type { ListingCard, ListingPage } from '@shared/listings';
import { formatPrice } from '@shared/money';
import { PAGE_MODULES_ELEMENT_ID } from '@shared/page-modules';
import { paths, withQuery } from '@shared/paths';
import { type EarnedSeal, sealLabels } from '@shared/reputation';
import { resultCount } from '@shared/result-count';
import type { SellerBadge } from '@shared/reviews';
import type { FastifyInstance } from 'fastify';

/** What a page's HTML carries so the browser paints it sooner. */
export interface FirstPaint {
  /** Public API answers (GET path → body), exactly as the API gives them to a visitor who is not signed in. */
  answers?: Record<string, unknown>;
  /**
   * The page's JavaScript chunks (the app's among them). With a first screen, listed for main.tsx, which announces
   * them once that screen and its photos have painted; without one, announced as `<link rel="modulepreload">` in
   * the head, since the app is then the first paint (decision 026).
   */
  modules?: string[];
  /** The photo that will be the largest thing on screen. */
  image?: { url: string; srcSet: string; sizes: string };
  /** Static HTML of the page's first screen, shown inside index.html's frame until the app renders the page. */
  firstScreen?: string;
}

/**
 * The header of /intermediacao as plain HTML, with the classes of pages/IntermediationPage.tsx (keep them alike):
 * the same for every visitor (a guest is sent to /login by the app), it paints with the HTML instead of after the
 * app's code and the session's answer.
 */
export const intermediationFirstScreen = `<div class="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
          <header>
            <p class="text-xs font-semibold uppercase tracking-widest text-accent">Compra protegida</p>
            <h1 class="mt-1 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">Intermediação</h1>
            <p class="mt-1 max-w-2xl text-sm text-muted">Um intermediador da equipe segura o pagamento até você confirmar que recebeu o produto. O vendedor só recebe depois da entrega.</p>
          </header>
        </div>`;

/**
 * A trade room's shape as plain HTML, with the classes of features/trades/TradeRoomSkeleton.tsx (keep them alike):
 * the room is private and its data comes with the app, but its skeleton paints with the HTML, so a slow phone sees
 * the room coming instead of an empty frame while the code downloads.
 */
const bone = (classes: string) =>
  `<div aria-hidden="true" class="animate-pulse bg-surface-3 ${classes}"></div>`;
export const tradeRoomFirstScreen = `<div role="status" aria-busy="true" aria-label="Carregando intermediação" class="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 lg:gap-6 lg:px-8 lg:py-10">
          ${bone('h-5 w-44 rounded-md')}
          ${bone('h-32 rounded-2xl sm:h-28')}
          <div class="flex flex-col gap-2 rounded-2xl border border-line p-4 lg:p-5">
            ${bone('h-3 w-48 rounded-md')}
            ${bone('h-5 w-64 max-w-full rounded-md')}
            <div class="mt-2 grid grid-cols-4 gap-1.5">${bone('h-1.5 rounded-full').repeat(4)}</div>
          </div>
          <div class="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-6">
            <div class="flex flex-col gap-4 lg:gap-6">${bone('h-40 rounded-2xl')}${bone('h-72 rounded-2xl')}</div>
            ${bone('hidden h-96 rounded-2xl lg:block')}
          </div>
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

export const escapeAttribute = (text: string) =>
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

/** index.html with the page's preloads (photo, chunks) in the head and its first data (a JSON block) in the body. */
export function withFirstPaint(html: string, page: FirstPaint): string {
  const head: string[] = [];
  if (page.image) {
    head.push(
      `<link rel="preload" as="image" href="${escapeAttribute(page.image.url)}" imagesrcset="${escapeAttribute(page.image.srcSet)}" imagesizes="${escapeAttribute(page.image.sizes)}" fetchpriority="high" />`,
    );
  }
  // The entry script is already in the HTML.
  const modules = (page.modules ?? []).filter((file) => !html.includes(`"${file}"`));
  if (!page.firstScreen)
    for (const file of modules)
      head.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}" />`);
  let out = html;
  // main.tsx waits for a first screen to paint before it starts the app; without one it starts at once.
  if (page.firstScreen)
    out = out.replace(
      '<!--page-->',
      () => `<div class="contents" data-first-screen>${page.firstScreen}</div>`,
    );
  if (head.length) out = out.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  const blocks: string[] = [];
  if (page.answers && Object.keys(page.answers).length)
    blocks.push(
      `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${jsonForScript(page.answers)}</script>`,
    );
  if (page.firstScreen && modules.length)
    blocks.push(
      `<script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">${jsonForScript(modules)}</script>`,
    );
  if (blocks.length) out = out.replace('</body>', () => `  ${blocks.join('\n    ')}\n  </body>`);
  return out;
}

export const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A card's photo in the default four-column grid (features/listings/browse/ListingGrid.tsx): the first card's preload. */
export const CARD_PHOTO_SIZES = '(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw';

/** The gallery's `sizes` (features/listings/detail/Gallery.tsx): the preload and the photo below must match it. */
export const LISTING_PHOTO_SIZES = '(min-width: 1280px) 800px, (min-width: 768px) 55vw, 100vw';

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
          <div>
            <div class="flex min-w-0 flex-col gap-5">
              <div class="h-5"></div>
              <div class="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem] xl:gap-8">
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

/** How many cards the plain marketplace's HTML holds: the first row of the default grid (four columns from 1024px). */
export const FIRST_ROW_CARDS = 4;

const heart =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-heart size-[1.1rem]" aria-hidden="true"><path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"></path></svg>';
const userRound =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-user-round size-3.5 shrink-0" aria-hidden="true"><circle cx="12" cy="8" r="5"></circle><path d="M20 21a8 8 0 0 0-16 0"></path></svg>';
const imageOff =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-image-off size-8 text-subtle" aria-hidden="true"><line x1="2" x2="22" y1="2" y2="22"></line><path d="M10.41 10.41a2 2 0 1 1-2.83-2.83"></path><line x1="13.5" x2="6" y1="13.5" y2="21"></line><line x1="18" x2="21" y1="12" y2="15"></line><path d="M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.052-.22 1.41-.59"></path><path d="M21 15V5a2 2 0 0 0-2-2H9"></path></svg>';

const svg = (name: string, className: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${className}" aria-hidden="true">${body}</svg>`;
const medal = (tone: string) =>
  svg(
    'medal',
    `size-3.5 ${tone}`,
    '<path d="M7.21 15 2.66 7.14a2 2 0 0 1 .13-2.2L4.4 2.8A2 2 0 0 1 6 2h12a2 2 0 0 1 1.6.8l1.6 2.14a2 2 0 0 1 .14 2.2L16.79 15"></path><path d="M11 12 5.12 2.2"></path><path d="m13 12 5.88-9.8"></path><path d="M8 7h8"></path><circle cx="12" cy="17" r="5"></circle><path d="M12 18v-2h-.5"></path>',
  );
/** The icons of reputation/SealBadges.tsx's `sealIcon`, with its tones. */
const sealIcons: Record<EarnedSeal, string> = {
  bronze: medal('text-[#d08a4c]'),
  prata: medal('text-[#c9d2de]'),
  ouro: medal('text-[#ffcc4d]'),
  verificado: svg(
    'badge-check',
    'size-3.5 text-[#5cc8ff]',
    '<path d="M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z"></path><path d="m16 9-5.5 5.5L8 12"></path>',
  ),
  autorizado: svg(
    'shield-check',
    'size-3.5 text-accent',
    '<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"></path><path d="m9 12 2 2 4-4"></path>',
  ),
};
const star = svg(
  'star',
  'size-3.5 fill-warning text-warning',
  '<path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z"></path>',
);
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The card's trust row as SealBadges.tsx's RatingLine and SealPill draw it, so the app's card is as tall. */
function badgeHtml(badge: SellerBadge): string {
  const { rating, reviewCount } = badge;
  const ratingLine =
    rating === null || reviewCount === 0
      ? '<span class="text-xs text-muted">Novo vendedor</span>'
      : `<span class="inline-flex items-center gap-1 text-xs text-muted">${star}<span class="sr-only">Avaliação</span><span class="font-semibold text-fg">${decimal.format(rating)}</span><span class="sr-only">de 5,</span>(${reviewCount} ${reviewCount === 1 ? 'avaliação' : 'avaliações'})</span>`;
  const seal = badge.seals.find((s): s is EarnedSeal => s in sealIcons);
  const pill = seal
    ? `<span class="inline-flex items-center gap-1 rounded-full border border-line bg-surface-3 px-2 py-px text-[0.7rem] font-semibold text-fg">${sealIcons[seal]}${escapeText(sealLabels[seal])}</span>`
    : '';
  return `<div class="flex flex-wrap items-center gap-x-2 gap-y-1">${ratingLine}${pill}</div>`;
}

/**
 * One card of the default grid as plain HTML, with the classes ListingCard, ListingPhoto and FavoriteButton render
 * (features/listings/browse/: keep them alike). The photo has the grid's `srcset` and `sizes`, so the app's <img>
 * reuses the download. The heart is drawn but inert (a guest's click only asks to sign in, which needs the app).
 */
export function cardHtml(listing: ListingCard, first: boolean): string {
  const image = listing.image;
  const photo = image
    ? `<div class="relative overflow-hidden bg-surface-2 aspect-[4/3]"><img src="${escapeAttribute(image.url)}" srcset="${escapeAttribute(image.srcSet)}" sizes="${CARD_PHOTO_SIZES}" alt="${escapeAttribute(image.alt)}" width="${image.width}" height="${image.height}" loading="eager" decoding="async"${first ? ' fetchpriority="high"' : ''} class="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105" /></div>`
    : `<div class="relative overflow-hidden bg-surface-2 aspect-[4/3] flex items-center justify-center bg-linear-to-br from-surface-3 to-surface-2">${imageOff}<span class="sr-only">Sem foto</span></div>`;
  return `<li><article class="group relative flex h-full overflow-hidden rounded-xl border border-line bg-surface transition-[border-color,transform,box-shadow] duration-150 hover:-translate-y-0.5 hover:border-accent/50 hover:shadow-[0_8px_30px_-12px_rgb(61_255_154/0.35)] has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent flex-col">
              <div class="relative shrink-0 w-full">${photo}<span class="absolute top-2 left-2 rounded-md bg-bg/75 px-2 py-0.5 text-[0.68rem] font-semibold tracking-wide text-accent uppercase backdrop-blur-sm">${escapeText(kindLabel(listing.kind))}</span></div>
              <span aria-hidden="true" class="inline-flex size-9 items-center justify-center rounded-full border border-white/10 bg-bg/70 backdrop-blur-sm text-fg/80 absolute top-2 right-2 z-10">${heart}</span>
              <div class="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4">
                <p class="truncate text-xs font-medium text-accent">${escapeText(listing.game.name)}</p>
                <h3 class="line-clamp-2 text-sm leading-snug font-semibold text-fg sm:text-[0.95rem]"><a href="/listing/${listing.id}" class="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">${escapeText(listing.title)}</a></h3>
                <p class="mt-auto pt-2 font-display text-base font-bold tracking-wide text-fg sm:text-lg">${escapeText(formatPrice(listing.priceCents))}</p>
                <div class="flex items-center justify-between gap-2 text-xs text-subtle"><span class="flex min-w-0 items-center gap-1">${userRound}<span class="truncate">${escapeText(listing.seller.username)}</span></span></div>
                ${listing.seller.badge ? badgeHtml(listing.seller.badge) : ''}
              </div>
            </article></li>`;
}

/** The height of MarketplacePage's filter row (40px), and from 1024px of the row, a gap and the filters panel (measured at
 * 412, 800 and 1350px). styles.css makes Tailwind read this file. */
const FILTERS_BOX = 'h-10 lg:h-[148px]';

/**
 * The plain /marketplace's first screen as plain HTML, laid out like pages/MarketplacePage.tsx (keep them alike):
 * its heading and count, the kind tabs (plain links), a box the height of the filter row (and, from 1024px, of the
 * filters panel), then the first row of the default grid. The first card's photo is the largest thing on a phone's
 * first screen, so it paints with the HTML instead of after the app's code. Everything from the data is escaped.
 */
export function marketplaceFirstScreen(page: ListingPage): string {
  const cards = page.items.slice(0, FIRST_ROW_CARDS);
  const tabs = categoryTabs
    .map((tab) => {
      const selected = tab.value === 'all';
      const href = selected ? paths.marketplace : withQuery(paths.marketplace, { categoria: tab.value });
      const tone = selected
        ? 'border-accent/60 bg-accent-soft text-accent'
        : 'border-line bg-surface text-muted hover:border-line-strong hover:text-fg';
      return `<li><a href="${href}"${selected ? ' aria-current="page"' : ''} title="${escapeAttribute(tab.description)}" class="flex h-full flex-col rounded-xl border px-4 py-2 transition-colors lg:px-3.5 lg:py-2.5 ${tone}"><span class="text-sm font-semibold">${escapeText(tab.label)}</span><span aria-hidden="true" class="mt-0.5 hidden text-[0.7rem] leading-snug lg:block ${selected ? 'text-accent/80' : 'text-subtle'}">${escapeText(tab.description)}</span></a></li>`;
    })
    .join('');
  return `<div class="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <header class="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
            <div class="min-w-0">
              <h1 class="font-display text-2xl font-bold tracking-wide break-words text-fg sm:text-3xl">Marketplace</h1>
              <p class="mt-1.5 min-h-5 text-sm text-muted">${escapeText(resultCount(page.total, page.totalCapped))}</p>
            </div>
          </header>
          <nav aria-label="Categorias" class="-mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0 lg:overflow-visible"><ul class="flex min-w-max gap-2 lg:grid lg:min-w-0 lg:grid-cols-6">${tabs}</ul></nav>
          <div aria-hidden="true" class="${FILTERS_BOX}"></div>
          <section aria-label="Produtos" class="flex flex-col gap-6">
            <ul aria-label="Produtos" class="grid gap-3 sm:gap-4 grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            ${cards.map((card, i) => cardHtml(card, i === 0)).join('\n            ')}
            </ul>
          </section>
        </div>`;
}
