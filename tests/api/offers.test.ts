import { errorMessages } from '@shared/errors';
import { offerMessages as m } from '@shared/offer-messages';
import { tradeMessages } from '@shared/trade-messages';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, notifications, offers, supportTickets, trades } from '../../src/server/db/schema';
import { createOffersService, type Notify } from '../../src/server/modules/offers/service';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let gameId: number;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let staff: TestUser;
const cookies: Record<'seller' | 'buyer' | 'other' | 'staff', string> = {
  seller: '',
  buyer: '',
  other: '',
  staff: '',
};

beforeAll(async () => {
  t = await createTestApp();
  gameId = (await createGames(t.db)).valorant as number;
  seller = await createUser(t.db, { nickname: 'VendedorTop' });
  buyer = await createUser(t.db, { nickname: 'CompradorUm' });
  other = await createUser(t.db, { nickname: 'OutroMembro' });
  staff = await createStaff(t.db);
  cookies.seller = await sessionCookie(t, seller.id);
  cookies.buyer = await sessionCookie(t, buyer.id);
  cookies.other = await signIn(t.app, other.email, other.password);
  cookies.staff = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'guest';
const api = apiOf(() => t);
const as = (who: Who) => api.as(who === 'guest' ? null : cookies[who]);

const offerOn = (listingId: number, who: Who, payload: object = { amount: '100,00' }) =>
  as(who).post(`/api/listings/${listingId}/offers`, payload);

let titleSequence = 0;
async function newListing(
  values: { quantity?: number; status?: 'active' | 'sold'; priceCents?: number } = {},
) {
  titleSequence += 1;
  const id = await createListing(t.db, seller.id, {
    gameId,
    title: `Conta de oferta ${titleSequence}`,
    priceCents: values.priceCents ?? 20_000,
    status: values.status,
  });
  if (values.quantity !== undefined)
    await t.db.update(listings).set({ quantity: values.quantity }).where(eq(listings.id, id));
  return id;
}

async function makeOffer(listingId: number, who: Who = 'buyer', amount = '150,00'): Promise<number> {
  const res = await offerOn(listingId, who, { amount });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const countOf = async (table: typeof offers | typeof trades | typeof supportTickets) => {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n);
};

const statusOf = async (id: number) =>
  (await t.db.select({ status: offers.status }).from(offers).where(eq(offers.id, id)))[0]?.status;

const expectError = (
  res: LightMyRequestResponse,
  status: number,
  message: string,
  fields?: Record<string, string>,
) => {
  expect([res.statusCode, errorOf(res).message]).toEqual([status, message]);
  if (fields) expect(errorOf(res).fields).toMatchObject(fields);
};

describe('POST /api/listings/:id/offers', () => {
  it('stores an offer in cents, with the message trimmed (comma or dot)', async () => {
    const listingId = await newListing();
    const res = await offerOn(listingId, 'buyer', {
      amount: ' 150,5 ',
      message: '  Fecha por esse valor?  ',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, res.json().id));
    expect(row).toMatchObject({
      listingId,
      buyerId: buyer.id,
      amountCents: 15_050,
      message: 'Fecha por esse valor?',
      status: 'pending',
    });

    const dotted = await offerOn(listingId, 'other', { amount: '99.90', message: '   ' });
    expect(dotted.statusCode).toBe(201);
    const [second] = await t.db.select().from(offers).where(eq(offers.id, dotted.json().id));
    expect(second).toMatchObject({ amountCents: 9990, message: null });
  });

  it('asks a guest to log in, and refuses the seller on their own listing', async () => {
    const listingId = await newListing();
    const before = await countOf(offers);
    expectError(await offerOn(listingId, 'guest'), 401, m.loginRequired);
    expectError(await offerOn(listingId, 'seller'), 403, m.ownListing);
    expect(await countOf(offers)).toBe(before);
  });

  it('lets any other member, staff included, make an offer', async () => {
    const listingId = await newListing();
    for (const who of ['buyer', 'other', 'staff'] as const)
      expect((await offerOn(listingId, who)).statusCode).toBe(201);
  });

  it('refuses an amount that is not a positive value in reais, and stores nothing', async () => {
    const listingId = await newListing();
    const before = await countOf(offers);
    for (const amount of [
      '',
      '   ',
      'abc',
      '0',
      '0,00',
      '-5',
      '1e3',
      '12abc',
      '9999999999',
      '10,999',
      5,
      null,
    ]) {
      const res = await offerOn(listingId, 'buyer', { amount });
      expectError(res, 400, m.invalidAmount, { amount: m.invalidAmount });
    }
    expectError(await offerOn(listingId, 'buyer', {}), 400, m.invalidAmount, { amount: m.invalidAmount });
    const long = await offerOn(listingId, 'buyer', { amount: '10', message: 'x'.repeat(501) });
    expectError(long, 400, m.messageTooLong);
    expect(await countOf(offers)).toBe(before);
  });

  it('answers 404 for a missing or sold listing', async () => {
    const sold = await newListing({ status: 'sold' });
    const before = await countOf(offers);
    for (const id of [sold, 999_999]) expectError(await offerOn(id, 'buyer'), 404, m.listingUnavailable);
    expect(await countOf(offers)).toBe(before);
  });

  it('keeps one pending offer per buyer and listing, even on a double click', async () => {
    const listingId = await newListing();
    const both = await Promise.all([offerOn(listingId, 'buyer'), offerOn(listingId, 'buyer')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    if (refused) expectError(refused, 409, m.alreadyPending);
    expectError(await offerOn(listingId, 'buyer'), 409, m.alreadyPending);
    const rows = await t.db.select().from(offers).where(eq(offers.listingId, listingId));
    expect(rows).toHaveLength(1);

    // Once withdrawn, a new offer may follow.
    expect((await as('buyer').post(`/api/offers/${rows[0]?.id}/withdraw`)).statusCode).toBe(204);
    expect((await offerOn(listingId, 'buyer')).statusCode).toBe(201);
  });
});

describe('GET /api/listings/:id/offers', () => {
  it('shows the seller (and staff) the latest 10, newest first, with the buyer', async () => {
    const listingId = await newListing();
    const base = Date.parse('2026-11-01T12:00:00Z');
    await t.db.insert(offers).values(
      Array.from({ length: 12 }, (_, i) => ({
        listingId,
        buyerId: other.id,
        amountCents: 1000 + i,
        status: 'rejected' as const,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const latest = await makeOffer(listingId, 'buyer', '175');

    for (const who of ['seller', 'staff'] as const) {
      const res = await as(who).get(`/api/listings/${listingId}/offers`);
      expect(res.statusCode).toBe(200);
      const list = res.json().offers;
      expect(list).toHaveLength(10);
      expect(list[0]).toMatchObject({
        id: latest,
        amountCents: 17_500,
        message: null,
        status: 'pending',
        buyer: { id: buyer.id, name: 'CompradorUm', avatarUrl: null },
      });
      expect(list.slice(1).map((o: { amountCents: number }) => o.amountCents)).toEqual([
        1011, 1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003,
      ]);
    }
  });

  it('is closed to guests (401) and to other members, the buyer included (403)', async () => {
    const listingId = await newListing();
    await makeOffer(listingId);
    expect((await as('guest').get(`/api/listings/${listingId}/offers`)).statusCode).toBe(401);
    for (const who of ['buyer', 'other'] as const)
      expectError(await as(who).get(`/api/listings/${listingId}/offers`), 403, m.onlySellerSees);
    expectError(await as('seller').get('/api/listings/999999/offers'), 404, m.listingUnavailable);
  });
});

describe('GET /api/offers', () => {
  it('lists what the buyer sent and what the seller received, with the trade once accepted', async () => {
    const listingId = await newListing({ quantity: 3 });
    const offerId = await makeOffer(listingId, 'buyer', '120');
    const accepted = await as('seller').post(`/api/offers/${offerId}/accept`);
    expect(accepted.statusCode).toBe(200);
    const { tradeId } = accepted.json();

    const sent = (await as('buyer').get('/api/offers?box=sent')).json().offers;
    const received = (await as('seller').get('/api/offers?box=received')).json().offers;
    for (const list of [sent, received])
      expect(list.find((o: { id: number }) => o.id === offerId)).toMatchObject({
        amountCents: 12_000,
        status: 'accepted',
        listing: { id: listingId, priceCents: 20_000 },
        buyer: { id: buyer.id, name: 'CompradorUm' },
        seller: { id: seller.id, name: 'VendedorTop' },
        tradeId,
        stockReserved: false,
      });
    // The default box is 'received'; others see none of it.
    expect((await as('seller').get('/api/offers')).json().offers).toEqual(received);
    expect((await as('buyer').get('/api/offers?box=received')).json().offers).toEqual([]);
    for (const who of ['other', 'staff'] as const)
      for (const box of ['sent', 'received'])
        expect(
          (await as(who).get(`/api/offers?box=${box}`))
            .json()
            .offers.some((o: { id: number }) => o.id === offerId),
        ).toBe(false);
    expect((await as('guest').get('/api/offers')).statusCode).toBe(401);
    expect((await as('buyer').get('/api/offers?box=tudo')).statusCode).toBe(400);
  });

  it('flags a pending offer whose listing’s whole stock is held by trades', async () => {
    const listingId = await newListing({ quantity: 1 });
    const offerId = await makeOffer(listingId, 'other');
    const flag = async () =>
      (await as('other').get('/api/offers?box=sent'))
        .json()
        .offers.find((o: { id: number }) => o.id === offerId).stockReserved;
    expect(await flag()).toBe(false);

    await t.db.insert(trades).values({
      listingId,
      listingTitle: 'Reservada',
      listingKind: 'items',
      buyerId: buyer.id,
      sellerId: seller.id,
      amountCents: 20_000,
      state: 'awaiting_payment',
    });
    expect(await flag()).toBe(true);

    // No unit is free: the acceptance is refused and the offer keeps waiting.
    const before = await countOf(trades);
    const res = await as('seller').post(`/api/offers/${offerId}/accept`);
    expectError(res, 409, tradeMessages.outOfStock);
    expect(await statusOf(offerId)).toBe('pending');
    expect(await countOf(trades)).toBe(before);
  });
});

describe('answering an offer', () => {
  it('accepts once under five concurrent accepts: one trade, for the offer’s amount, with its ticket', async () => {
    const listingId = await newListing({ quantity: 2 });
    const offerId = await makeOffer(listingId, 'buyer', '180,50');
    const tickets = await countOf(supportTickets);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => as('seller').post(`/api/offers/${offerId}/accept`)),
    );
    // The seller's double click (or second tab) is told the trade its first click opened.
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const rows = await t.db.select().from(trades).where(eq(trades.offerId, offerId));
    expect(rows).toHaveLength(1);
    const trade = rows[0];
    for (const res of answers) expect(res.json()).toEqual({ tradeId: trade?.id });
    expect(trade).toMatchObject({
      listingId,
      buyerId: buyer.id,
      sellerId: seller.id,
      amountCents: 18_050,
      state: 'awaiting_payment',
    });
    expect(await countOf(supportTickets)).toBe(tickets + 1);
    const [ticket] = await t.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, trade?.ticketId ?? -1));
    expect(ticket).toMatchObject({ category: 'intermediacao', priority: 'high', userId: buyer.id });
    const [offer] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer?.status).toBe('accepted');
    expect(offer?.decidedAt).toBeInstanceOf(Date);
  });

  it('opens the trade at the offer’s amount with the value confirmed: one unit reserved, the buyer told to pay', async () => {
    const listingId = await newListing({ quantity: 1, priceCents: 100_000 });
    const offerId = await makeOffer(listingId, 'buyer', '850');
    const accepted = await as('seller').post(`/api/offers/${offerId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { tradeId } = accepted.json();

    // The buyer's room is at the PIX step, for the offer's amount; its history says the offer set the value.
    const room = await as('buyer').get(`/api/trades/${tradeId}`);
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toMatchObject({ state: 'awaiting_payment', amountCents: 85_000 });
    expect(
      room
        .json()
        .events.map((e: { kind: string; text: string; actorRole: string }) => [e.kind, e.actorRole, e.text]),
    ).toContainEqual([
      'value_confirmed',
      'vendedor',
      expect.stringMatching(/^Valor confirmado: R\$\s850,00 \(oferta aceita\)$/),
    ]);
    const [row] = await t.db.select().from(trades).where(eq(trades.id, tradeId));
    // The payment's deadline, started as a value confirmation starts it.
    expect(row?.deadlineAt?.getTime()).toBe(
      (row?.createdAt.getTime() ?? 0) + TRADE_TIMERS.paymentHours * 3_600_000,
    );

    // The only unit is held: another buyer cannot start a trade on it.
    const start = await as('other').post('/api/trades', { listingId });
    expectError(start, 409, tradeMessages.outOfStock);

    // The seller is not asked to confirm what she accepted, and cannot confirm or propose it again.
    const eventsBefore = room.json().events.length;
    expectError(
      await as('seller').post(`/api/trades/${tradeId}/value`, { amount: '850' }),
      409,
      tradeMessages.stateChanged,
    );
    expectError(
      await as('seller').post(`/api/trades/${tradeId}/value`, { amount: '900' }),
      409,
      tradeMessages.stateChanged,
    );
    const after = await as('buyer').get(`/api/trades/${tradeId}`);
    expect(after.json()).toMatchObject({ state: 'awaiting_payment', amountCents: 85_000 });
    expect(after.json().events).toHaveLength(eventsBefore);

    const told = await t.db
      .select({ userId: notifications.userId, kind: notifications.kind, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.link, `/intermediacao/${tradeId}`));
    expect(told.filter((n) => n.userId === seller.id)).toEqual([]);
    expect(told.filter((n) => n.userId === buyer.id)).toEqual([
      {
        userId: buyer.id,
        kind: 'offer_accepted',
        body: expect.stringMatching(/foi aceita: o valor está confirmado\. Pague R\$\s850,00 por PIX/),
      },
    ]);
  });

  it('keeps the value step done when a trade from an accepted offer is cancelled', async () => {
    const listingId = await newListing({ quantity: 1, priceCents: 100_000 });
    const offerId = await makeOffer(listingId, 'buyer', '850');
    const { tradeId } = (await as('seller').post(`/api/offers/${offerId}/accept`)).json();
    const cancelled = await as('buyer').post(`/api/trades/${tradeId}/cancel`, {
      reason: 'Desisti da compra',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    // The room's step list: the value was agreed (the offer), nothing after it.
    expect(
      Object.fromEntries(
        cancelled.json().steps.map((s: { key: string; status: string }) => [s.key, s.status]),
      ),
    ).toEqual({
      value_confirmation: 'completed',
      payment_confirmation: 'pending',
      delivery_confirmation: 'pending',
      payment_release: 'pending',
    });
  });

  it('answers a replayed accept with the trade it opened, and opens no other', async () => {
    const listingId = await newListing({ quantity: 2 });
    const offerId = await makeOffer(listingId, 'buyer', '90');
    const first = await as('seller').post(`/api/offers/${offerId}/accept`);
    expect(first.statusCode, first.body).toBe(200);
    const { tradeId } = first.json();
    const [decided] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    const trades0 = await countOf(trades);
    const tickets0 = await countOf(supportTickets);

    const replay = await as('seller').post(`/api/offers/${offerId}/accept`);
    expect([replay.statusCode, replay.json()]).toEqual([200, { tradeId }]);
    expect(await countOf(trades)).toBe(trades0);
    expect(await countOf(supportTickets)).toBe(tickets0);
    const [after] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    expect(after).toEqual(decided);
    expect(await t.db.select({ id: trades.id }).from(trades).where(eq(trades.offerId, offerId))).toEqual([
      { id: tradeId },
    ]);

    // Still the seller's answer alone: the others get what they got before, never the trade's id.
    expectError(await as('buyer').post(`/api/offers/${offerId}/accept`), 403, m.onlySeller);
    expectError(await as('staff').post(`/api/offers/${offerId}/accept`), 403, m.onlySeller);
    expectError(await as('other').post(`/api/offers/${offerId}/accept`), 404, m.notFound);
    expectError(await as('guest').post(`/api/offers/${offerId}/accept`), 401, errorMessages.unauthenticated);
    // Accepted is an answer too: it can no longer be rejected or withdrawn.
    expectError(await as('seller').post(`/api/offers/${offerId}/reject`), 409, m.notPending);
    expectError(await as('buyer').post(`/api/offers/${offerId}/withdraw`), 409, m.notPending);
    expect(await countOf(trades)).toBe(trades0);
  });

  it('still refuses to accept an offer rejected or withdrawn, even racing the other answer', async () => {
    const listingId = await newListing({ quantity: 2 });
    const rejected = await makeOffer(listingId, 'buyer');
    const withdrawn = await makeOffer(listingId, 'other');
    const trades0 = await countOf(trades);
    expect((await as('seller').post(`/api/offers/${rejected}/reject`)).statusCode).toBe(204);
    expect((await as('other').post(`/api/offers/${withdrawn}/withdraw`)).statusCode).toBe(204);
    for (const id of [rejected, withdrawn])
      expectError(await as('seller').post(`/api/offers/${id}/accept`), 409, m.notPending);
    expect([await statusOf(rejected), await statusOf(withdrawn)]).toEqual(['rejected', 'withdrawn']);

    // A reject and an accept sent together: whichever lands first is the answer, and the other is refused.
    const raced = await makeOffer(listingId, 'buyer');
    const [reject, accept] = await Promise.all([
      as('seller').post(`/api/offers/${raced}/reject`),
      as('seller').post(`/api/offers/${raced}/accept`),
    ]);
    if ((await statusOf(raced)) === 'rejected') {
      expect(reject.statusCode).toBe(204);
      expectError(accept, 409, m.notPending);
      expect(await countOf(trades)).toBe(trades0);
    } else {
      expect(accept.statusCode).toBe(200);
      expectError(reject, 409, m.notPending);
      expect(await countOf(trades)).toBe(trades0 + 1);
    }
  });

  it('lets only the seller accept or reject: buyer and staff 403, others 404, guests 401', async () => {
    const listingId = await newListing();
    const offerId = await makeOffer(listingId);
    const trades0 = await countOf(trades);
    for (const action of ['accept', 'reject']) {
      expectError(
        await as('guest').post(`/api/offers/${offerId}/${action}`),
        401,
        errorMessages.unauthenticated,
      );
      expectError(await as('buyer').post(`/api/offers/${offerId}/${action}`), 403, m.onlySeller);
      expectError(await as('staff').post(`/api/offers/${offerId}/${action}`), 403, m.onlySeller);
      expectError(await as('other').post(`/api/offers/${offerId}/${action}`), 404, m.notFound);
      expectError(await as('seller').post(`/api/offers/999999/${action}`), 404, m.notFound);
    }
    expect(await statusOf(offerId)).toBe('pending');
    expect(await countOf(trades)).toBe(trades0);
  });

  it('rejects once; a rejected offer can be neither accepted nor withdrawn', async () => {
    const listingId = await newListing();
    const offerId = await makeOffer(listingId);
    const trades0 = await countOf(trades);
    expect((await as('seller').post(`/api/offers/${offerId}/reject`)).statusCode).toBe(204);
    expect(await statusOf(offerId)).toBe('rejected');
    expectError(await as('seller').post(`/api/offers/${offerId}/reject`), 409, m.notPending);
    expectError(await as('seller').post(`/api/offers/${offerId}/accept`), 409, m.notPending);
    expectError(await as('buyer').post(`/api/offers/${offerId}/withdraw`), 409, m.notPending);
    expect(await statusOf(offerId)).toBe('rejected');
    expect(await countOf(trades)).toBe(trades0);
  });

  it('lets only the buyer withdraw: seller and staff 403, others 404, guests 401; then it is final', async () => {
    const listingId = await newListing();
    const offerId = await makeOffer(listingId);
    expectError(
      await as('guest').post(`/api/offers/${offerId}/withdraw`),
      401,
      errorMessages.unauthenticated,
    );
    expectError(await as('seller').post(`/api/offers/${offerId}/withdraw`), 403, m.onlyBuyer);
    expectError(await as('staff').post(`/api/offers/${offerId}/withdraw`), 403, m.onlyBuyer);
    expectError(await as('other').post(`/api/offers/${offerId}/withdraw`), 404, m.notFound);
    expect(await statusOf(offerId)).toBe('pending');

    expect((await as('buyer').post(`/api/offers/${offerId}/withdraw`)).statusCode).toBe(204);
    expect(await statusOf(offerId)).toBe('withdrawn');
    expectError(await as('buyer').post(`/api/offers/${offerId}/withdraw`), 409, m.notPending);
    expectError(await as('seller').post(`/api/offers/${offerId}/accept`), 409, m.notPending);
  });

  it('refuses ids that are not ids', async () => {
    for (const id of ['abc', '0', '99999999999'])
      expect((await as('seller').post(`/api/offers/${id}/accept`)).statusCode).toBe(400);
  });
});

describe('notifications', () => {
  it('calls notify inside each answer, for the other side', async () => {
    const sent: Parameters<Notify>[1][] = [];
    const service = createOffersService({
      db: t.db,
      notify: async (_tx, notification) => {
        sent.push(notification);
      },
    });
    const as = (user: TestUser) => ({ userId: user.id, email: user.email, role: null });
    const listingId = await newListing({ quantity: 5 });

    const first = await service.make(as(buyer), listingId, { amount: 12_345, message: null });
    const { tradeId } = await service.accept(as(seller), first.id);
    const second = await service.make(as(buyer), listingId, { amount: 100 });
    await service.reject(as(seller), second.id);
    const third = await service.make(as(other), listingId, { amount: 200 });
    await service.withdraw(as(other), third.id);

    expect(sent.map((n) => [n.kind, n.userId])).toEqual([
      ['offer_received', seller.id],
      ['offer_accepted', buyer.id],
      ['offer_received', seller.id],
      ['offer_rejected', buyer.id],
      ['offer_received', seller.id],
      ['offer_withdrawn', seller.id],
    ]);
    expect(sent[0]).toMatchObject({ title: 'Nova oferta recebida', link: '/minhas-ofertas' });
    expect(sent[0]?.body).toMatch(/^CompradorUm ofereceu R\$\s123,45 em "Conta de oferta \d+"\.$/);
    expect(sent[1]?.link).toBe(`/intermediacao/${tradeId}`);
  });
});
