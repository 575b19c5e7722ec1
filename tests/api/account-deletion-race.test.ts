import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { errorMessages } from '@shared/errors';
import { offerMessages } from '@shared/offer-messages';
import { settingsMessages } from '@shared/settings-messages';
import { tradeMessages } from '@shared/trade-messages';
import { eq, inArray, like, or } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, offers, trades, users } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { createGames, createListing, listingForm, photo, postListing } from '../factories/listings';
import { errorOf } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

/**
 * 'Excluir conta' raced against every path that opens a trade naming the member: the member buying, someone
 * buying the member's listing, the member's offer accepted, the member accepting an offer. Whatever the
 * interleaving, one of the two wins and the other is refused in pt-BR; no trade ever names a tombstone.
 */

let t: TestApp;
let gameId: number;
/** How long one deletion takes here (mostly its password check), to spread the trade's start across it. */
let deletionMs: number;
beforeAll(async () => {
  // The same few routes run many times here; the limits are not what this file is about.
  t = await createTestApp({ RATE_LIMIT_WINDOW_SECONDS: '1' });
  gameId = Object.values(await createGames(t.db))[0] as number;
  const probe = await member();
  const started = performance.now();
  const res = await post('/api/accounts/me/delete', probe.cookie, { password: probe.password });
  expect(res.statusCode).toBe(204);
  deletionMs = performance.now() - started;
}, 60_000);
afterAll(() => t?.close());

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie } });

async function member() {
  const user = await createUser(t.db);
  return { ...user, cookie: await sessionCookie(t, user.id) };
}

async function pendingOffer(buyerId: string, listingId: number) {
  const [offer] = await t.db
    .insert(offers)
    .values({ listingId, buyerId, amountCents: 4000 })
    .returning({ id: offers.id });
  return offer?.id as number;
}

type Path = 'memberBuys' | 'memberSells' | 'memberOfferAccepted' | 'memberAcceptsOffer';

/** Sets the scene for one path and answers the request that opens the trade. */
async function scene(path: Path, deleting: Awaited<ReturnType<typeof member>>) {
  const other = await member();
  const title = `Conta rara ${deleting.id.slice(0, 6)}`;
  switch (path) {
    case 'memberBuys': {
      const listingId = await createListing(t.db, other.id, { gameId, title, priceCents: 5000 });
      return () => post('/api/trades', deleting.cookie, { listingId });
    }
    case 'memberSells': {
      const listingId = await createListing(t.db, deleting.id, { gameId, title, priceCents: 5000 });
      return () => post('/api/trades', other.cookie, { listingId });
    }
    case 'memberOfferAccepted': {
      const listingId = await createListing(t.db, other.id, { gameId, title, priceCents: 5000 });
      const offerId = await pendingOffer(deleting.id, listingId);
      return () => post(`/api/offers/${offerId}/accept`, other.cookie);
    }
    case 'memberAcceptsOffer': {
      const listingId = await createListing(t.db, deleting.id, { gameId, title, priceCents: 5000 });
      const offerId = await pendingOffer(other.id, listingId);
      return () => post(`/api/offers/${offerId}/accept`, deleting.cookie);
    }
  }
}

/** What the trade's side may be told when the deletion won, depending on how far the deletion had got. */
const refusals = [
  tradeMessages.buyerDeleted, // the member was the buyer: the tombstone was read under the lock
  tradeMessages.listingUnavailable, // the member's listing went with the account
  offerMessages.notPending, // the member's offer was withdrawn
  offerMessages.notFound, // the offer went with the member's listing
  // The member's own request came after the sessions went: buying, accepting an offer.
  tradeMessages.loginRequired,
  errorMessages.unauthenticated,
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sendAfter = async (ms: number, send: () => Promise<LightMyRequestResponse>) => {
  if (ms > 0) await pause(ms);
  return send();
};

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

describe('account deletion raced with a trade opening', () => {
  it('one of the two wins, the other is refused in pt-BR, and no trade names a deleted account', async () => {
    const seen = { deleted: 0, traded: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Path>('memberBuys', 'memberSells', 'memberOfferAccepted', 'memberAcceptsOffer'),
        // When the trade is sent, as a share of a deletion's time: anywhere from before it to just after, and
        // mostly near its end, where its transaction runs (the password check before it takes most of the time).
        fc.oneof(
          { weight: 1, arbitrary: fc.double({ min: -0.2, max: 1.3, noNaN: true }) },
          { weight: 3, arbitrary: fc.double({ min: 0.7, max: 1.05, noNaN: true }) },
        ),
        async (path, share) => {
          const offsetMs = Math.round(share * deletionMs);
          const deleting = await member();
          const openTrade = await scene(path, deleting);
          const [deletion, trade] = await Promise.all([
            sendAfter(-offsetMs, () =>
              post('/api/accounts/me/delete', deleting.cookie, { password: deleting.password }),
            ),
            sendAfter(offsetMs, openTrade),
          ]);

          expect(deletion.statusCode, deletion.body).toBeLessThan(500);
          expect(trade.statusCode, trade.body).toBeLessThan(500);
          const tradeOpened = trade.statusCode === 200 || trade.statusCode === 201;
          if (deletion.statusCode === 204) {
            seen.deleted += 1;
            expect(tradeOpened, trade.body).toBe(false);
            expect(refusals).toContain(errorOf(trade).message);
          } else {
            seen.traded += 1;
            expect(deletion.statusCode, deletion.body).toBe(409);
            expect(errorOf(deletion).message).toBe(settingsMessages.deleteAccountOpenTrade);
            expect(tradeOpened, trade.body).toBe(true);
          }
          expect(await tradesOfTombstones()).toEqual([]);

          // The loser's side changed nothing: an account still here keeps its open trade, a deleted one has none.
          const [row] = await t.db
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, deleting.id));
          const open = await t.db
            .select({ id: trades.id })
            .from(trades)
            .where(or(eq(trades.buyerId, deleting.id), eq(trades.sellerId, deleting.id)));
          if (row?.email.endsWith('@conta-removida.invalid')) expect(open).toEqual([]);
          else expect(open).toHaveLength(1);
        },
      ),
      { numRuns: 40 },
    );
    // Both outcomes happened, so the race was really run both ways.
    expect(seen.deleted).toBeGreaterThan(0);
    expect(seen.traded).toBeGreaterThan(0);
  }, 300_000);
});

describe('account deletion raced with a publication', () => {
  it('no listing, and no photo file, outlives the deleted account', async () => {
    const picture = await photo();
    const listingFolders = () => {
      const dir = path.join(t.config.media.dir, 'listings');
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    // How long a publication takes before its transaction (the form and the photo), measured, so that its
    // transaction can be made to land inside the deletion's, which comes at the end of the deletion's time.
    const probe = await member();
    const started = performance.now();
    expect((await postListing(t.app, probe.cookie, listingForm(gameId), [picture])).statusCode).toBe(201);
    const publishMs = performance.now() - started;
    const seen = { published: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.double({ min: -0.2, max: 1.2, noNaN: true }), async (share) => {
        const offsetMs = Math.round(share * deletionMs - publishMs);
        const deleting = await member();
        const foldersBefore = listingFolders();
        const [deletion, publication] = await Promise.all([
          sendAfter(-offsetMs, () =>
            post('/api/accounts/me/delete', deleting.cookie, { password: deleting.password }),
          ),
          sendAfter(offsetMs, () => postListing(t.app, deleting.cookie, listingForm(gameId), [picture])),
        ]);
        expect(deletion.statusCode, deletion.body).toBe(204);
        // Published first (then removed with the account), or refused: signed out, or the tombstone seen.
        expect([201, 401], publication.body).toContain(publication.statusCode);
        seen[publication.statusCode === 201 ? 'published' : 'refused'] += 1;
        const left = await t.db
          .select({ id: listings.id })
          .from(listings)
          .where(eq(listings.sellerId, deleting.id));
        expect(left).toEqual([]);
        expect(listingFolders()).toBe(foldersBefore);
      }),
      { numRuns: 25 },
    );
    expect(seen.published + seen.refused).toBe(25);
  }, 300_000);
});
