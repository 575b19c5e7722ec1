import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { errorMessages } from '@shared/errors';
import { listingMessages } from '@shared/listing-messages';
import { offerMessages } from '@shared/offer-messages';
import { settingsMessages } from '@shared/settings-messages';
import { tradeMessages } from '@shared/trade-messages';
import { eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listings, offers, trades, users } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { createGames, createListing, listingForm, photo, postListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf } from '../helpers/http';
import { race, releaseAll } from '../helpers/race-seam';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * 'Excluir conta' raced against every path that opens a trade naming the member (the member buying, someone
 * buying the member's listing, the member's offer accepted, the member accepting an offer) and against a
 * publication. Each case pins one interleaving with a barrier (src/server/race-seam.ts): one request is held
 * inside its transaction, its locks taken, while the other is sent and queues behind it; then it is let go.
 * The first to take its locks wins, the other is refused in pt-BR, and no trade or listing outlives the account.
 */

let t: TestApp;
let gameId: number;
beforeAll(async () => {
  // The same few routes run many times here; the limits are not what this file is about.
  t = await createTestApp({ RATE_LIMIT_WINDOW_SECONDS: '1' });
  gameId = Object.values(await createGames(t.db))[0] as number;
}, 60_000);
afterEach(releaseAll);
afterAll(() => t?.close());

const api = apiOf(() => t);

async function member() {
  const user = await createUser(t.db);
  return { ...user, cookie: await sessionCookie(t, user.id) };
}
type Member = Awaited<ReturnType<typeof member>>;

async function pendingOffer(buyerId: string, listingId: number) {
  const [offer] = await t.db
    .insert(offers)
    .values({ listingId, buyerId, amountCents: 4000 })
    .returning({ id: offers.id });
  return offer?.id as number;
}

type Path = 'memberBuys' | 'memberSells' | 'memberOfferAccepted' | 'memberAcceptsOffer';

/** Sets the scene for one path and answers the request that opens the trade. */
async function scene(path: Path, deleting: Member) {
  const other = await member();
  const title = `Conta rara ${deleting.id.slice(0, 6)}`;
  switch (path) {
    case 'memberBuys': {
      const listingId = await createListing(t.db, other.id, { gameId, title, priceCents: 5000 });
      return () => api.as(deleting.cookie).post('/api/trades', { listingId });
    }
    case 'memberSells': {
      const listingId = await createListing(t.db, deleting.id, { gameId, title, priceCents: 5000 });
      return () => api.as(other.cookie).post('/api/trades', { listingId });
    }
    case 'memberOfferAccepted': {
      const listingId = await createListing(t.db, other.id, { gameId, title, priceCents: 5000 });
      const offerId = await pendingOffer(deleting.id, listingId);
      return () => api.as(other.cookie).post(`/api/offers/${offerId}/accept`);
    }
    case 'memberAcceptsOffer': {
      const listingId = await createListing(t.db, deleting.id, { gameId, title, priceCents: 5000 });
      const offerId = await pendingOffer(other.id, listingId);
      return () => api.as(deleting.cookie).post(`/api/offers/${offerId}/accept`);
    }
  }
}

const deleteAccount = (who: Member) =>
  api.as(who.cookie).post('/api/accounts/me/delete', { password: who.password });

/** Trades naming a deleted account: its e-mail is the tombstone's (accounts/lifecycle.ts). */
async function tradesOfTombstones() {
  const tombstones = t.db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, '%@conta-removida.invalid'));
  return t.db
    .select({ id: trades.id, state: trades.state })
    .from(trades)
    .where(or(inArray(trades.buyerId, tombstones), inArray(trades.sellerId, tombstones)));
}

async function openTradesOf(userId: string) {
  return t.db
    .select({ id: trades.id })
    .from(trades)
    .where(or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)));
}

async function isTombstone(userId: string) {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email.endsWith('@conta-removida.invalid') ?? false;
}

const paths: Path[] = ['memberBuys', 'memberSells', 'memberOfferAccepted', 'memberAcceptsOffer'];

describe('account deletion raced with a trade opening', () => {
  it.each(paths)(
    '%s: the trade took its locks first, so it opens and the deletion is refused',
    async (path) => {
      const deleting = await member();
      const openTrade = await scene(path, deleting);
      const [trade, deletion] = await race(t, 'trade-opening:locked', openTrade, () =>
        deleteAccount(deleting),
      );

      // A start answers 201 Created, an accepted offer 200 with its trade.
      expect(trade.statusCode, trade.body).toBe(path === 'memberBuys' || path === 'memberSells' ? 201 : 200);
      expect(deletion.statusCode, deletion.body).toBe(409);
      expect(errorOf(deletion).message).toBe(settingsMessages.deleteAccountOpenTrade);
      expect(await isTombstone(deleting.id)).toBe(false);
      expect(await openTradesOf(deleting.id)).toHaveLength(1);
    },
  );

  /**
   * What the trade's side is told when the deletion holds its locks first. On PostgreSQL the trade's request is
   * signed in and waits at the lock, then reads what the deletion left; on PGlite (one transaction at a time) the
   * request's sign-in check itself waits, and the member's own request then finds its session gone.
   */
  const refusals: Record<Path, { postgres: string; pglite: string }> = {
    // The member's own request: the tombstone read under the lock, or signed out.
    memberBuys: { postgres: tradeMessages.buyerDeleted, pglite: tradeMessages.loginRequired },
    // The member's listing went with the account.
    memberSells: { postgres: tradeMessages.listingUnavailable, pglite: tradeMessages.listingUnavailable },
    // The member's offer was withdrawn with the account.
    memberOfferAccepted: { postgres: offerMessages.notPending, pglite: offerMessages.notPending },
    // The member's own request: the offer left 'pending' (withdrawn with the listing), or signed out.
    memberAcceptsOffer: { postgres: offerMessages.notPending, pglite: errorMessages.unauthenticated },
  };

  it.each(paths)(
    '%s: the deletion took its locks first, so it goes through and the trade is refused',
    async (path) => {
      const deleting = await member();
      const openTrade = await scene(path, deleting);
      const [deletion, trade] = await race(
        t,
        'account-deletion:locked',
        () => deleteAccount(deleting),
        openTrade,
      );

      expect(deletion.statusCode, deletion.body).toBe(204);
      expect(trade.statusCode, trade.body).toBeGreaterThanOrEqual(400);
      expect(trade.statusCode, trade.body).toBeLessThan(500);
      expect(errorOf(trade).message).toBe(refusals[path][t.database.kind]);
      expect(await isTombstone(deleting.id)).toBe(true);
      expect(await openTradesOf(deleting.id)).toEqual([]);
      expect(await tradesOfTombstones()).toEqual([]);
    },
  );
});

describe('account deletion raced with a publication', () => {
  const listingFolders = () => {
    const dir = path.join(t.config.media.dir, 'listings');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const listingsOf = (userId: string) =>
    t.db.select({ id: listings.id }).from(listings).where(eq(listings.sellerId, userId));

  it('the publication took its lock first: it is published, then removed with the account, photos too', async () => {
    const picture = await photo();
    const deleting = await member();
    const foldersBefore = listingFolders();
    const [publication, deletion] = await race(
      t,
      'listing-publication:locked',
      () => postListing(t.app, deleting.cookie, listingForm(gameId), [picture]),
      () => deleteAccount(deleting),
    );
    expect(publication.statusCode, publication.body).toBe(201);
    expect(deletion.statusCode, deletion.body).toBe(204);
    expect(await listingsOf(deleting.id)).toEqual([]);
    expect(listingFolders()).toBe(foldersBefore);
  });

  it('the deletion took its locks first: the publication is refused, and no listing or photo is left', async () => {
    const picture = await photo();
    const deleting = await member();
    const foldersBefore = listingFolders();
    const [deletion, publication] = await race(
      t,
      'account-deletion:locked',
      () => deleteAccount(deleting),
      () => postListing(t.app, deleting.cookie, listingForm(gameId), [picture]),
    );
    expect(deletion.statusCode, deletion.body).toBe(204);
    // PostgreSQL: signed in, it waits at the member's row and reads the tombstone; PGlite: its sign-in check
    // waits for the deletion and finds the session gone.
    expect(publication.statusCode, publication.body).toBe(401);
    expect(errorOf(publication).message).toBe(
      t.database.kind === 'postgres' ? errorMessages.unauthenticated : listingMessages.accessDenied,
    );
    expect(await listingsOf(deleting.id)).toEqual([]);
    expect(listingFolders()).toBe(foldersBefore);
  });
});
