import type { Game } from '@shared/games';
import { listingMessages } from '@shared/listing-messages';
import type { ListingPage } from '@shared/listings';
import { offerMessages } from '@shared/offer-messages';
import { tradeMessages } from '@shared/trade-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityComments,
  favorites,
  offers,
  sellerStats,
  trades,
  userSuspensions,
} from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** index.html as the build has it, enough for the share pages' tags. */
const indexHtml = `<!doctype html><html lang="pt-BR"><head>
    <title>Mercado Gamer</title>
  </head><body><div id="root"><!--page--></div></body></html>`;

let t: TestApp;
let moderator: string;
let seller: TestUser;
let other: TestUser;
let buyer: { user: TestUser; cookie: string };
let gameSlug: string;
let gameId: number;
/** The suspended seller's two listings and a listing of a seller in good standing. */
let shopA: number;
let shopB: number;
let otherListing: number;

const api = apiOf(() => t);

beforeAll(async () => {
  t = await createTestApp({}, { indexHtml });
  const games = await createGames(t.db);
  [gameSlug, gameId] = Object.entries(games)[0] as [string, number];
  const mod = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, mod.email, mod.password);
  seller = await createUser(t.db, { nickname: 'LojaFechada' });
  other = await createUser(t.db, { nickname: 'LojaAberta' });
  const buyerUser = await createUser(t.db);
  buyer = { user: buyerUser, cookie: await signIn(t.app, buyerUser.email, buyerUser.password) };
  shopA = await createListing(t.db, seller.id, { gameId, title: 'Conta Zyxwv rara' });
  shopB = await createListing(t.db, seller.id, { gameId, title: 'Skin Zyxwv lendária' });
  otherListing = await createListing(t.db, other.id, { gameId, title: 'Moedas Zyxwv baratas' });
  await t.db.insert(favorites).values({ userId: buyer.user.id, listingId: shopA });
  // The closed shop's seller is rated (their listings come first in 'Melhor avaliados'), the open one is not.
  await t.db.insert(sellerStats).values({ sellerId: seller.id, reviewCount: 3, ratingSum: 15 });
});
afterAll(() => t?.close());

/** Every public read of listings, as a buyer (or a guest) meets them. */
async function publicReads() {
  const page = async (url: string, cookie?: string) => {
    const res = await api.as(cookie).get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as ListingPage;
  };
  const ids = (p: ListingPage) => p.items.map((item) => item.id).sort((a, b) => a - b);
  const search = await page('/api/listings?q=zyxwv');
  const marketplace = await page('/api/listings?sort=recent&pageSize=12');
  const bestRated = await page('/api/listings?q=zyxwv&sort=rating');
  const category = await page(`/api/listings?game=${gameSlug}&sort=recent`);
  const games = (await api.as().get('/api/games')).json() as { games: (Game & { activeListings: number })[] };
  const sellerPage = await page('/api/users/LojaFechada/listings');
  const favoriteIds = ((await api.as(buyer.cookie).get('/api/favorites')).json() as { listingIds: number[] })
    .listingIds;
  const sitemap = (await api.as().get('/sitemap.xml')).body;
  return {
    search: ids(search),
    searchTotal: search.total,
    marketplace: ids(marketplace),
    bestRated: bestRated.items.map((item) => item.id),
    category: ids(category),
    categoryTotal: category.total,
    gameCount: games.games.find((g) => g.id === gameId)?.activeListings,
    sellerPage: ids(sellerPage),
    sellerTotal: sellerPage.total,
    favorites: favoriteIds,
    sitemap: [shopA, shopB, otherListing].filter((id) => sitemap.includes(`/listing/${id}<`)),
  };
}

const open = () => ({
  search: [shopA, shopB, otherListing],
  searchTotal: 3,
  marketplace: [shopA, shopB, otherListing],
  bestRated: [shopB, shopA, otherListing],
  category: [shopA, shopB, otherListing],
  categoryTotal: 3,
  gameCount: 3,
  sellerPage: [shopA, shopB],
  sellerTotal: 2,
  favorites: [shopA],
  sitemap: [shopA, shopB, otherListing],
});

const counts = async () => {
  const [o] = await t.db.select({ n: sql<number>`count(*)::int` }).from(offers);
  const [tr] = await t.db.select({ n: sql<number>`count(*)::int` }).from(trades);
  return { offers: o?.n ?? 0, trades: tr?.n ?? 0 };
};

const suspend = (userId: string, penalty: string) =>
  api.as(moderator).post(`/api/staff/users/${userId}/suspend`, { penalty, reason: 'Teste de loja' });

describe('a suspension closes the shop', () => {
  it('a warning changes nothing: listed everywhere, contact, offers and trades go through', async () => {
    expect((await suspend(seller.id, 'advertencia')).statusCode).toBe(204);
    expect(await publicReads()).toEqual(open());
    expect((await api.as().get(`/api/listings/${shopA}`)).statusCode).toBe(200);
    expect((await api.as(buyer.cookie).get(`/api/listings/${shopA}/contact`)).statusCode).toBe(200);
    const offer = await api.as(buyer.cookie).post(`/api/listings/${shopB}/offers`, { amount: '9,00' });
    expect(offer.statusCode, offer.body).toBe(201);
    const trade = await api.as(buyer.cookie).post('/api/trades', { listingId: shopB });
    expect(trade.statusCode, trade.body).toBe(201);
  });

  it('a 7-day suspension takes the listings out of every public read and refuses contact, offers and trades', async () => {
    expect((await suspend(seller.id, '7_dias')).statusCode).toBe(204);
    expect(await publicReads()).toEqual({
      search: [otherListing],
      searchTotal: 1,
      marketplace: [otherListing],
      bestRated: [otherListing],
      category: [otherListing],
      categoryTotal: 1,
      gameCount: 1,
      sellerPage: [],
      sellerTotal: 0,
      favorites: [],
      sitemap: [otherListing],
    });

    // The listing's own address: 'Anúncio indisponível', nothing of the item or its seller.
    const detail = await api.as(buyer.cookie).get(`/api/listings/${shopA}`);
    expect([detail.statusCode, errorOf(detail)]).toEqual([
      404,
      { code: 'LISTING_UNAVAILABLE', message: listingMessages.unavailable },
    ]);
    expect(detail.body).not.toContain('LojaFechada');
    expect(detail.body).not.toContain('Zyxwv');
    const comments = await api.as().get(`/api/listings/${shopA}/comments`);
    expect([comments.statusCode, errorOf(comments).message]).toEqual([404, listingMessages.unavailable]);
    const share = await api.as().get(`/listing/${shopA}`);
    expect(share.statusCode).toBe(404);
    expect(share.body).toContain(`<title>${listingMessages.unavailable} | Mercado Gamer</title>`);
    expect(share.body).toContain('noindex');
    expect(share.body).not.toContain('LojaFechada');
    expect(share.body).not.toContain('Zyxwv');
    // The other seller's listing is untouched.
    expect((await api.as().get(`/api/listings/${otherListing}`)).statusCode).toBe(200);

    const before = await counts();
    const contact = await api.as(buyer.cookie).get(`/api/listings/${shopA}/contact`);
    expect([contact.statusCode, errorOf(contact).message]).toEqual([404, listingMessages.sellerUnavailable]);
    expect(contact.body).not.toContain('98765');
    const offer = await api.as(buyer.cookie).post(`/api/listings/${shopA}/offers`, { amount: '8,00' });
    expect([offer.statusCode, errorOf(offer).message]).toEqual([404, offerMessages.sellerUnavailable]);
    const trade = await api.as(buyer.cookie).post('/api/trades', { listingId: shopA });
    expect([trade.statusCode, errorOf(trade).message]).toEqual([404, tradeMessages.sellerUnavailable]);
    const favorite = await api.as(buyer.cookie).put(`/api/favorites/${shopB}`);
    expect(favorite.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('a suspended member cannot make offers or open trades as a buyer either', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(t.app, member.email, member.password);
    // Written straight to the table: the member keeps the session they had (staff's suspend ends it).
    await t.db.insert(userSuspensions).values({
      userId: member.id,
      penalty: '30_dias',
      reason: 'Teste',
      endsAt: new Date(Date.now() + 86_400_000),
    });
    const before = await counts();
    const offer = await api.as(cookie).post(`/api/listings/${otherListing}/offers`, { amount: '5,00' });
    expect([offer.statusCode, errorOf(offer).message]).toEqual([403, offerMessages.buyerSuspended]);
    const trade = await api.as(cookie).post('/api/trades', { listingId: otherListing });
    expect([trade.statusCode, errorOf(trade).message]).toEqual([403, tradeMessages.buyerSuspended]);
    expect(await counts()).toEqual(before);
  });

  it('when the suspension ends, everything returns as it was', async () => {
    await t.db
      .update(userSuspensions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(userSuspensions.userId, seller.id));
    expect(await publicReads()).toEqual(open());
    const detail = await api.as().get(`/api/listings/${shopA}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().seller.username).toBe('LojaFechada');
    expect((await api.as().get(`/listing/${shopA}`)).body).toContain('Conta Zyxwv rara | Mercado Gamer');
    expect((await api.as(buyer.cookie).get(`/api/listings/${shopA}/contact`)).statusCode).toBe(200);
    const offer = await api.as(buyer.cookie).post(`/api/listings/${shopA}/offers`, { amount: '8,00' });
    expect(offer.statusCode, offer.body).toBe(201);
  });
});

describe('forum posts under a penalty', () => {
  const forumReads = async (postId: number, commentId: number) => {
    const list = (await api.as().get('/api/community/posts?q=Qwzzy')).json() as { posts: { id: number }[] };
    const detail = await api.as().get(`/api/community/posts/${postId}`);
    const thread = await api.as().get(`/api/community/posts/${postId}/comments`);
    const otherThread = (await api.as().get(`/api/community/posts/${hostPost}/comments`)).json() as {
      comments: { id: number }[];
    };
    const sitemap = (await api.as().get('/sitemap.xml')).body;
    return {
      listed: list.posts.some((p) => p.id === postId),
      detail: detail.statusCode,
      thread: thread.statusCode,
      comment: otherThread.comments.some((c) => c.id === commentId),
      sitemap: sitemap.includes(`/community/post/${postId}<`),
    };
  };
  let hostPost: number;

  it('a 30-day suspension keeps the posts; a permanent ban hides posts and comments until it is lifted', async () => {
    const author = await createUser(t.db);
    const host = await createUser(t.db);
    const postId = await createPost(t.db, author.id, { title: 'Dica Qwzzy de ranqueada' });
    hostPost = await createPost(t.db, host.id, { title: 'Outro post' });
    const [comment] = await t.db
      .insert(communityComments)
      .values({ postId: hostPost, authorId: author.id, content: 'Comentário do autor' })
      .returning({ id: communityComments.id });
    const commentId = comment?.id as number;
    const shown = { listed: true, detail: 200, thread: 200, comment: true, sitemap: true };
    expect(await forumReads(postId, commentId)).toEqual(shown);

    expect((await suspend(author.id, '30_dias')).statusCode).toBe(204);
    expect(await forumReads(postId, commentId)).toEqual(shown);

    expect((await suspend(author.id, 'permanente')).statusCode).toBe(204);
    expect(await forumReads(postId, commentId)).toEqual({
      listed: false,
      detail: 404,
      thread: 404,
      comment: false,
      sitemap: false,
    });
    // Staff still read it, to moderate.
    expect((await api.as(moderator).get(`/api/community/posts/${postId}`)).statusCode).toBe(200);

    // Lifted (ends_at set, as lifting early does): the posts return.
    await t.db
      .update(userSuspensions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(userSuspensions.userId, author.id));
    expect(await forumReads(postId, commentId)).toEqual(shown);
  });
});
