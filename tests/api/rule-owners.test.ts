import { callMessages } from '@shared/call-messages';
import { listingMessages } from '@shared/listing-messages';
import type { MemberActivity } from '@shared/member-activity';
import { tradeMessages } from '@shared/trade-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityComments, profiles, trades, userSuspensions } from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { tradeThroughRoutes } from '../helpers/trade-routes';

/**
 * Each rule with one owner (issue 35), as every kind of visitor meets it: a guest, a stranger (a member with no part
 * in it), the owner (or the trade's parties), a moderator and an admin.
 */
let t: TestApp;
let gameId: number;
let admin: { user: TestUser; cookie: string };
let moderator: { user: TestUser; cookie: string };
let stranger: { user: TestUser; cookie: string };

const api = apiOf(() => t);

async function member(role?: 'admin' | 'moderator') {
  const user = role ? await createStaff(t.db, role) : await createUser(t.db);
  return { user, cookie: await sessionCookie(t, user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  gameId = Object.values(await createGames(t.db))[0] as number;
  admin = await member('admin');
  moderator = await member('moderator');
  stranger = await member();
});
afterAll(() => t?.close());

/** A suspension written straight to the table: the member keeps the session they had (staff's suspend ends it). */
const suspend = (userId: string, penalty: '30_dias' | 'permanente') =>
  t.db.insert(userSuspensions).values({
    userId,
    penalty,
    reason: 'Teste',
    endsAt: penalty === 'permanente' ? null : new Date(Date.now() + 86_400_000),
  });
const lift = (userId: string) =>
  t.db
    .update(userSuspensions)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(userSuspensions.userId, userId));

describe('who may see a trade (trades/access.ts)', () => {
  /** The trade's readers: the room, its chat, its call's people and ICE servers, its recordings. */
  const readers = (id: number) => ({
    room: `/api/trades/${id}`,
    chat: `/api/trades/${id}/chat`,
    presence: `/api/trades/${id}/call/presence`,
    recordings: `/api/trades/${id}/recordings`,
    ice: `/api/trades/${id}/call/ice-servers`,
  });
  const statuses = async (id: number, cookie?: string) => {
    const answers: Record<string, number> = {};
    for (const [name, url] of Object.entries(readers(id)))
      answers[name] = (await api.as(cookie).get(url)).statusCode;
    return answers;
  };
  const all = (status: number) => ({
    room: status,
    chat: status,
    presence: status,
    recordings: status,
    ice: status,
  });

  it('is its buyer, its seller and staff; a guest is asked to sign in, anyone else finds no trade', async () => {
    const trade = await tradeThroughRoutes(t, {
      adminCookie: admin.cookie,
      gameId,
      until: 'awaiting_payment',
    });
    expect(await statuses(trade.id)).toEqual(all(401));
    expect(await statuses(trade.id, stranger.cookie)).toEqual(all(404));
    const room = await api.as(stranger.cookie).get(`/api/trades/${trade.id}`);
    expect(errorOf(room).message).toBe(tradeMessages.notFound);
    expect(room.body).not.toContain(trade.title);
    expect(
      errorOf(await api.as(stranger.cookie).get(`/api/trades/${trade.id}/call/ice-servers`)).message,
    ).toBe(callMessages.iceNotInTrade);
    expect(await statuses(trade.id, trade.buyer.cookie)).toEqual(all(200));
    expect(await statuses(trade.id, trade.seller.cookie)).toEqual(all(200));
    expect(await statuses(trade.id, moderator.cookie)).toEqual(all(200));
    expect(await statuses(trade.id, admin.cookie)).toEqual(all(200));
    // A trade that does not exist reads the same as one the viewer may not see.
    expect(await statuses(trade.id + 10_000, admin.cookie)).toEqual(all(404));
  });

  it('held by an admin, it stays visible to every moderator, whose call is closed to them', async () => {
    const trade = await tradeThroughRoutes(t, {
      adminCookie: admin.cookie,
      gameId,
      until: 'awaiting_payment',
    });
    await t.db.update(trades).set({ intermediaryId: admin.user.id }).where(eq(trades.id, trade.id));
    expect(await statuses(trade.id, moderator.cookie)).toEqual({ ...all(200), ice: 404 });
    expect(await statuses(trade.id, admin.cookie)).toEqual(all(200));
    expect(await statuses(trade.id, trade.buyer.cookie)).toEqual(all(200));
    expect(await statuses(trade.id, stranger.cookie)).toEqual(all(404));
  });
});

describe('suspension in force (accounts/standing.ts)', () => {
  it("closes the seller's shop to everyone, staff and the seller included, until it ends", async () => {
    const seller = await member();
    const listingId = await createListing(t.db, seller.user.id, { gameId, title: 'Conta Plinkar rara' });
    const visitors = {
      guest: undefined,
      stranger: stranger.cookie,
      owner: seller.cookie,
      moderator: moderator.cookie,
      admin: admin.cookie,
    };
    const reads = async () => {
      const seen: Record<string, [number, string | null, number]> = {};
      for (const [who, cookie] of Object.entries(visitors)) {
        const page = await api.as(cookie).get(`/api/listings/${listingId}`);
        const shop = await api.as(cookie).get(`/api/users/${seller.user.nickname}/listings`);
        seen[who] = [page.statusCode, page.statusCode === 200 ? null : errorOf(page).code, shop.json().total];
      }
      return seen;
    };
    const everyone = (answer: [number, string | null, number]) =>
      Object.fromEntries(Object.keys(visitors).map((who) => [who, answer]));

    expect(await reads()).toEqual(everyone([200, null, 1]));
    await suspend(seller.user.id, '30_dias');
    expect(await reads()).toEqual(everyone([404, 'LISTING_UNAVAILABLE', 0]));
    const page = await api.as(admin.cookie).get(`/api/listings/${listingId}`);
    expect(errorOf(page).message).toBe(listingMessages.unavailable);
    expect(page.body).not.toContain('Plinkar');
    await lift(seller.user.id);
    expect(await reads()).toEqual(everyone([200, null, 1]));
  });
});

describe("the forum's ban (community/forum-ban.ts)", () => {
  it("hides a banned member's post, comments and activity from all but staff; a 30-day suspension hides nothing", async () => {
    const author = await member();
    const host = await createUser(t.db);
    const postId = await createPost(t.db, author.user.id, { title: 'Dica Vortel de ranqueada' });
    const hostPost = await createPost(t.db, host.id, { title: 'Post do anfitrião' });
    const [comment] = await t.db
      .insert(communityComments)
      .values({ postId: hostPost, authorId: author.user.id, content: 'Comentário Vortel' })
      .returning({ id: communityComments.id });
    // The activity is public: only the ban can hide it.
    const settings = await api.as(author.cookie).put('/api/accounts/me/settings', {
      privacy: { profilePublic: true, showActivity: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const visitors = {
      guest: undefined,
      stranger: stranger.cookie,
      owner: author.cookie,
      moderator: moderator.cookie,
      admin: admin.cookie,
    };
    const reads = async () => {
      const seen: Record<string, { post: number; comment: boolean; activity: boolean }> = {};
      for (const [who, cookie] of Object.entries(visitors)) {
        const post = await api.as(cookie).get(`/api/community/posts/${postId}`);
        const thread = (await api.as(cookie).get(`/api/community/posts/${hostPost}/comments`)).json() as {
          comments: { id: number }[];
        };
        const activity = (
          await api.as(cookie).get(`/api/users/${author.user.nickname}/activity`)
        ).json() as MemberActivity;
        seen[who] = {
          post: post.statusCode,
          comment: thread.comments.some((c) => c.id === comment?.id),
          activity: activity.shown && activity.items.length > 0,
        };
      }
      return seen;
    };
    const shown = { post: 200, comment: true, activity: true };
    const hidden = { post: 404, comment: false, activity: false };

    const before = await reads();
    expect(before).toEqual({ guest: shown, stranger: shown, owner: shown, moderator: shown, admin: shown });
    await suspend(author.user.id, '30_dias');
    expect(await reads()).toEqual(before);
    await suspend(author.user.id, 'permanente');
    expect(await reads()).toEqual({
      guest: hidden,
      stranger: hidden,
      owner: hidden,
      moderator: shown,
      admin: shown,
    });
    await lift(author.user.id);
    expect(await reads()).toEqual(before);
  });
});

describe('what a profile shows to whom (permissions.ts)', () => {
  it('a private profile gives its details to its owner only, staff included in the others', async () => {
    const owner = await member();
    const saved = await api.as(owner.cookie).put('/api/accounts/me/settings', {
      privacy: { profilePublic: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.db.update(profiles).set({ bio: 'Jogo desde 2010.' }).where(eq(profiles.id, owner.user.id));

    const visitors = {
      guest: undefined,
      stranger: stranger.cookie,
      owner: owner.cookie,
      moderator: moderator.cookie,
      admin: admin.cookie,
    };
    const reads = async () => {
      const seen: Record<string, { details: boolean; page: boolean; reviews: boolean }> = {};
      for (const [who, cookie] of Object.entries(visitors)) {
        const profile = (await api.as(cookie).get(`/api/profiles/${owner.user.id}`)).json();
        const page = (await api.as(cookie).get(`/api/users/${owner.user.nickname}`)).json();
        const reviews = (
          await api.as(cookie).get(`/api/users/${owner.user.nickname}/reviews?as=seller`)
        ).json();
        seen[who] = {
          details: profile.details?.bio === 'Jogo desde 2010.',
          page: page.isPublic === true && page.bio === 'Jogo desde 2010.' && page.stats !== null,
          reviews: reviews.pageSize > 0,
        };
      }
      return seen;
    };
    const all = { details: true, page: true, reviews: true };
    const none = { details: false, page: false, reviews: false };
    expect(await reads()).toEqual({ guest: none, stranger: none, owner: all, moderator: none, admin: none });

    await api.as(owner.cookie).put('/api/accounts/me/settings', { privacy: { profilePublic: true } });
    expect(await reads()).toEqual({ guest: all, stranger: all, owner: all, moderator: all, admin: all });
  });
});
