import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { FEATURED_COUNT } from '@shared/listing-constants';
import { paths } from '@shared/paths';
import type { TradeState } from '@shared/trade-process';
import { type Client, cookieFrom } from './http';
import type { People } from './people';
import type { LiveSocket } from './sockets';

/** What every virtual user shares: the people, their cookies and sockets, and the writes that answered 2xx. */
export interface World {
  /** Per member index, its own HTTP client. */
  clients: Client[];
  people: People;
  /** Per member index, the Cookie header of its latest sign-in. */
  cookies: string[];
  staffCookies: string[];
  sockets: LiveSocket[];
  gameSlugs: string[];
  /** Listings that stay on sale (the demo's and the offer listings): opened by id and as a page. */
  openable: number[];
  written: Written;
}

/** The writes that answered 2xx, checked through the API at the end. */
export interface Written {
  offers: { id: number; member: number }[];
  /** Each trade with the state its last 2xx step answered. */
  trades: Map<number, { buyer: number; state: TradeState }>;
  chats: { id: number; tradeId: number; member: number }[];
}

const searchTerms = ['espada', 'conta', 'skin', 'diamantes', 'gold', 'moedas', 'lendária', 'nível 80'];
const sorts = ['recent', 'price_asc', 'price_desc', 'popular', 'relevance'];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
/** An offer on a listing priced OFFER_LISTING_PRICE_CENTS, below it. */
const OFFER_AMOUNT = '80,00';
/** The most offers one member makes in a run (the limit is 20 per window). */
const MAX_OFFERS_PER_MEMBER = 18;

// PIX end-to-end ids as END_TO_END_PATTERN wants them (bench/trades.ts): 'E', an ISPB, the minute (UTC,
// AAAAMMDDHHMM), then 11 letters or digits, unique across runs on one database.
const minute = new Date().toISOString().slice(0, 16).replace(/\D/g, '');
const run = randomBytes(2).toString('hex').toUpperCase();
let e2e = 0;
const nextEndToEndId = () => `E60701190${minute}C${run}${String(++e2e).padStart(6, '0')}`;

const reais = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/**
 * Virtual user `me` (member `me`): until `deadline`, one action after another, drawn by weight, as a member
 * moves through the site. It buys from member `me + 1` (whose steps as the seller it takes too, with that
 * member's cookie) with a staff member confirming the payment and paying the payout.
 */
export function createVirtualUser(world: World, me: number) {
  const { people } = world;
  const client = world.clients[me] as Client;
  const partner = (me + 1) % people.members.length;
  const staffCookie = () => world.staffCookies[me % world.staffCookies.length] as string;
  let tradesStarted = 0;
  let offersMade = 0;

  const get = (route: string, path: string) => client.call({ route, path, cookie: world.cookies[me] });

  async function home() {
    await Promise.all([
      get('GET /', '/'),
      get('GET /api/accounts/me', '/api/accounts/me'),
      get('GET /api/games', '/api/games'),
      get('GET /api/banners', '/api/banners'),
      get('GET /api/listings (home)', `/api/listings?sort=recent&pageSize=${FEATURED_COUNT}`),
    ]);
  }

  const browse = () =>
    get(
      'GET /api/listings (page)',
      `/api/listings?sort=${pick(sorts)}&page=${1 + Math.floor(Math.random() * 4)}`,
    );

  async function gamePage() {
    const slug = pick(world.gameSlugs);
    await Promise.all([
      get('GET /api/games/:slug', `/api/games/${slug}`),
      get('GET /api/listings (game)', `/api/listings?game=${slug}`),
    ]);
  }

  const search = () =>
    get('GET /api/listings (q)', `/api/listings?q=${encodeURIComponent(pick(searchTerms))}`);
  const openListing = () => get('GET /api/listings/:id', `/api/listings/${pick(world.openable)}`);
  const listingPage = () => get('GET /listing/:id', paths.listing(pick(world.openable)));

  async function signIn() {
    const member = people.members[me];
    if (!member) return;
    const res = await client.call({
      route: 'POST /api/accounts/login',
      path: '/api/accounts/login',
      body: { email: member.email, password: member.password },
      expect: [200],
    });
    if (res.ok) world.cookies[me] = cookieFrom(res.setCookies);
  }

  async function offer() {
    const seller = (me + 1 + (offersMade % (people.members.length - 1))) % people.members.length;
    const listings = people.offerListings[seller] as number[];
    const listingId = listings[
      Math.floor(offersMade / (people.members.length - 1)) % listings.length
    ] as number;
    offersMade++;
    const res = await client.call({
      route: 'POST /api/listings/:id/offers',
      path: `/api/listings/${listingId}/offers`,
      cookie: world.cookies[me],
      body: { amount: OFFER_AMOUNT, message: 'Faço por esse valor, pagamento na hora.' },
      expect: [201],
    });
    if (res.ok) world.written.offers.push({ id: (res.json() as { id: number }).id, member: me });
  }

  /** A chat message from `from` (a member index) to the other party, timed until it reaches their socket. */
  async function chat(tradeId: number, from: number, to: number, body: string) {
    const socket = world.sockets[to] as LiveSocket;
    const sentAt = performance.now();
    socket.expectChat(tradeId, sentAt);
    const res = await client.call({
      route: 'POST /api/trades/:id/chat',
      path: `/api/trades/${tradeId}/chat`,
      cookie: world.cookies[from],
      body: { body },
      expect: [201],
    });
    if (res.ok) world.written.chats.push({ id: (res.json() as { id: number }).id, tradeId, member: from });
    else socket.forgetChat(tradeId, sentAt);
    return res.ok;
  }

  /** One step of the trade process; false when it did not answer 2xx (the trade is left where it is). */
  async function step(
    tradeId: number,
    name: string,
    cookie: string | undefined,
    body: object,
    state: TradeState,
  ) {
    const res = await client.call({
      route: `POST /api/trades/:id/${name}`,
      path: `/api/trades/${tradeId}/${name}`,
      cookie,
      body,
      expect: [200],
    });
    if (res.ok) world.written.trades.set(tradeId, { buyer: me, state });
    return res.ok;
  }

  /** Buy now → value → payment (staff, manual PIX) → delivery → confirmation → payout, chatting between. */
  async function trade() {
    const listing = people.tradeListings[partner]?.[tradesStarted++];
    if (!listing) return browse();
    const started = await client.call({
      route: 'POST /api/trades',
      path: '/api/trades',
      cookie: world.cookies[me],
      body: { listingId: listing.id },
      expect: [201],
    });
    if (!started.ok) return;
    const id = (started.json() as { id: number }).id;
    world.written.trades.set(id, { buyer: me, state: 'awaiting_value' });
    const buyer = world.cookies[me];
    const seller = world.cookies[partner];
    (await chat(id, me, partner, 'Oi! Acabei de comprar, pode confirmar o valor?')) &&
      (await step(id, 'value', seller, { amount: reais(listing.priceCents) }, 'awaiting_payment')) &&
      (await step(id, 'payment', staffCookie(), { endToEndId: nextEndToEndId() }, 'awaiting_delivery')) &&
      (await chat(id, partner, me, 'Pagamento confirmado, já vou entregar.')) &&
      (await step(
        id,
        'delivery',
        seller,
        { note: 'Item entregue por troca no jogo', credentials: 'código de resgate: 7KXQ-4M2P-9RTA' },
        'delivered',
      )) &&
      (await chat(id, me, partner, 'Recebi, obrigado!')) &&
      (await step(id, 'delivery/confirm', buyer, {}, 'awaiting_release')) &&
      (await step(id, 'release', staffCookie(), { endToEndId: nextEndToEndId() }, 'completed'));
  }

  const actions: [weight: number, run: () => Promise<unknown>][] = [
    [14, home],
    [16, browse],
    [10, gamePage],
    [16, search],
    [16, openListing],
    [8, listingPage],
    [2, signIn],
    [8, () => (offersMade < MAX_OFFERS_PER_MEMBER ? offer() : search())],
    [6, trade],
  ];
  const totalWeight = actions.reduce((n, [w]) => n + w, 0);

  return async function runUntil(deadline: number) {
    while (performance.now() < deadline) {
      let draw = Math.random() * totalWeight;
      for (const [weight, action] of actions) {
        draw -= weight;
        if (draw >= 0) continue;
        await action();
        break;
      }
    }
  };
}
