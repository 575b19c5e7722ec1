import { busiestGames, listingCountLabel } from '@shared/game-tiles';
import type { Game } from '@shared/games';
import type { ListingCard } from '@shared/listings';
import { paths } from '@shared/paths';
import { cardHtml, escapeAttribute, escapeText, FIRST_ROW_CARDS } from './first-paint';

// /home's first screen as plain HTML, laid out like pages/HomePage.tsx, features/games/GameTiles.tsx and
// features/listings/browse/ (keep them alike; tests/api/page-meta.test.ts compares the classes). On a phone the
// first featured card's photo is the largest thing on screen: with the cards in the HTML and that photo preloaded,
// it paints before any script instead of after the app's code and data.

const svg = (name: string, className: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name}${className ? ` ${className}` : ''}" aria-hidden="true">${body}</svg>`;

/** features/games/icons.ts's six icons, in its order (a game's icon is its place in the display order). */
const gameIcons = [
  svg(
    'gamepad',
    'size-[1.1rem]',
    '<line x1="6" x2="10" y1="12" y2="12"></line><line x1="8" x2="8" y1="10" y2="14"></line><line x1="15" x2="15.01" y1="13" y2="13"></line><line x1="18" x2="18.01" y1="11" y2="11"></line><rect width="20" height="12" x="2" y="6" rx="2"></rect>',
  ),
  svg(
    'sword',
    'size-[1.1rem]',
    '<path d="m11 19-6-6"></path><path d="m5 21-2-2"></path><path d="m8 16-4 4"></path><path d="M9.5 17.5 20.414 6.586A2 2 0 0021 5.172V3h-2.172a2 2 0 00-1.414.586L6.5 14.5"></path>',
  ),
  svg(
    'crosshair',
    'size-[1.1rem]',
    '<circle cx="12" cy="12" r="10"></circle><line x1="22" x2="18" y1="12" y2="12"></line><line x1="6" x2="2" y1="12" y2="12"></line><line x1="12" x2="12" y1="6" y2="2"></line><line x1="12" x2="12" y1="22" y2="18"></line>',
  ),
  svg(
    'crown',
    'size-[1.1rem]',
    '<path d="M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z"></path><path d="M5 21h14"></path>',
  ),
  svg(
    'target',
    'size-[1.1rem]',
    '<circle cx="12" cy="12" r="10"></circle><circle cx="12" cy="12" r="6"></circle><circle cx="12" cy="12" r="2"></circle>',
  ),
  svg(
    'joystick',
    'size-[1.1rem]',
    '<path d="M21 17a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v2a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-2Z"></path><path d="M6 15v-2"></path><path d="M12 15V9"></path><circle cx="12" cy="6" r="3"></circle>',
  ),
];
const shoppingBag = svg(
  'shopping-bag',
  '',
  '<path d="M16 10a4 4 0 0 1-8 0"></path><path d="M3.103 6.034h17.794"></path><path d="M3.4 5.467a2 2 0 0 0-.4 1.2V20a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.667a2 2 0 0 0-.4-1.2l-2-2.667A2 2 0 0 0 17 2H7a2 2 0 0 0-1.6.8z"></path>',
);
const shieldCheck = svg(
  'shield-check',
  '',
  '<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"></path><path d="m9 12 2 2 4-4"></path>',
);
const arrowRight = svg('arrow-right', 'size-4', '<path d="M5 12h14"></path><path d="m12 5 7 7-7 7"></path>');

/** components/ui/button.tsx's `buttonClasses()` for the default size, primary and secondary. */
const buttonBase =
  'inline-flex shrink-0 select-none items-center justify-center whitespace-nowrap font-medium transition-[color,background-color,border-color,box-shadow] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';
const primaryButton = `${buttonBase} bg-accent text-accent-fg font-semibold shadow-[0_0_20px_-6px_var(--color-accent)] hover:bg-accent-strong hover:shadow-[0_0_28px_-4px_var(--color-accent)] h-10 gap-2 rounded-lg px-4 text-sm`;
const secondaryButton = `${buttonBase} bg-surface-3 text-fg border border-line-strong hover:bg-line-strong/70 hover:border-subtle h-10 gap-2 rounded-lg px-4 text-sm`;

const hero = `<section aria-labelledby="home-titulo" class="relative isolate overflow-hidden rounded-2xl border border-line bg-surface px-5 py-4 sm:px-8 sm:py-8 lg:rounded-3xl lg:px-12 lg:py-10">
            <div aria-hidden="true" class="bg-grid absolute inset-0 -z-10 [mask-image:linear-gradient(to_right,black,transparent_75%)]"></div>
            <div aria-hidden="true" class="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-accent/15 blur-[100px]"></div>
            <p class="hidden text-sm font-medium text-accent sm:block">Bem-vindo ao Mercado Gamer</p>
            <h1 id="home-titulo" class="max-w-2xl font-display text-2xl leading-tight font-bold tracking-wide text-fg sm:mt-2 sm:text-3xl lg:text-4xl">Itens, contas e skins com <span class="text-accent text-glow">segurança</span></h1>
            <p class="mt-2 hidden max-w-xl text-base text-muted sm:block">Compre e venda no marketplace gamer com intermediação garantida, pagamento via PIX e suporte 24h.</p>
            <div class="mt-3 flex flex-col gap-2 sm:mt-6 sm:flex-row sm:gap-3">
              <a href="${paths.marketplace}" class="${primaryButton}">${shoppingBag}Compre Agora</a>
              <a href="${paths.intermediation}" class="${secondaryButton}">${shieldCheck}Intermediação Segura</a>
            </div>
          </section>`;

function gameTiles(games: Game[]): string {
  const tiles = busiestGames(games).map(
    ({ game, index }) =>
      `<li class="w-44 shrink-0 snap-start sm:w-auto"><a href="${escapeAttribute(paths.category(game.slug))}" class="group flex h-full min-h-14 items-center gap-2.5 rounded-xl border border-line bg-surface px-3 py-1.5 transition-colors sm:min-h-16 hover:border-accent/50 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"><span class="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">${gameIcons[index % gameIcons.length]}</span><span class="flex min-w-0 flex-col"><span class="text-sm leading-tight font-semibold break-words text-fg">${escapeText(game.name)}</span><span class="truncate text-xs text-muted">${escapeText(listingCountLabel(game.activeListings))}</span></span></a></li>`,
  );
  return `<section aria-labelledby="jogos-titulo" class="flex flex-col gap-2.5 sm:gap-3">
            <h2 id="jogos-titulo" class="font-display text-lg font-bold tracking-wide text-fg sm:text-2xl">Jogos</h2>
            <ul aria-labelledby="jogos-titulo" class="-mx-4 flex snap-x scroll-px-4 gap-2.5 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-6">${tiles.join('')}</ul>
          </section>`;
}

function featured(listings: ListingCard[]): string {
  const cards = listings.slice(0, FIRST_ROW_CARDS).map((card, i) => cardHtml(card, i === 0));
  return `<section aria-labelledby="destaques-titulo" class="flex flex-col gap-2.5 sm:gap-4">
            <div class="flex items-center justify-between gap-4">
              <h2 id="destaques-titulo" class="font-display text-lg font-bold tracking-wide text-fg sm:text-2xl">Produtos em Destaque</h2>
              <a href="${paths.marketplace}" class="inline-flex shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap text-accent hover:underline">Ver todos${arrowRight}</a>
            </div>
            <ul aria-label="Produtos em Destaque" class="grid gap-3 sm:gap-4 grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            ${cards.join('\n            ')}
            </ul>
          </section>`;
}

/**
 * The hero, then (when the page's first data holds them) the game tiles and the first row of featured cards: the
 * same for every visitor (a member's greeting comes with the app). Without the games, only the hero: the cards
 * would sit where the app draws the tiles.
 */
export function homeFirstScreen(games: Game[] | undefined, listings: ListingCard[] | undefined): string {
  const sections = [hero];
  if (games?.length) {
    sections.push(gameTiles(games));
    if (listings?.length) sections.push(featured(listings));
  }
  return `<div class="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 sm:gap-8 sm:px-6 sm:py-6 lg:px-8 lg:py-8">
          ${sections.join('\n          ')}
        </div>`;
}
