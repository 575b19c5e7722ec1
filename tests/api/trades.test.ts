import { feeCents, sellerShareCents } from '@shared/fees';
import { payableAccountCode, platformAccounts } from '@shared/ledger';
import { listingMessages } from '@shared/listing-messages';
import { tradeMessages as m } from '@shared/trade-messages';
import type { TradeList, TradeView } from '@shared/trades';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  ledgerTransactions,
  listings,
  notifications,
  supportTickets,
  tradeEvents,
  trades,
} from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing, listingForm, photo } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { nextEndToEndId } from '../helpers/e2e-id';
import { errorOf, signIn } from '../helpers/http';
import { multipart } from '../helpers/multipart';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let gameId: number;
let staffCookie: string;
let otherStaffCookie: string;
let staffId: string;

beforeAll(async () => {
  // Dozens of members sign in from one address: the per-address credential limit is not what this file tests.
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  gameId = Object.values(await createGames(t.db))[0] as number;
  const staff = await createStaff(t.db);
  const otherStaff = await createStaff(t.db, 'moderator');
  staffId = staff.id;
  staffCookie = await signIn(t.app, staff.email, staff.password);
  otherStaffCookie = await signIn(t.app, otherStaff.email, otherStaff.password);
});
afterAll(() => t?.close());

/** The n-th transfer id of this file: valid (END_TO_END_PATTERN) and the same each time it is asked for. */
const e2eIds = new Map<number, string>();
const E2E = (n: number) => {
  if (!e2eIds.has(n)) e2eIds.set(n, nextEndToEndId());
  return e2eIds.get(n) as string;
};
const HOUR = 3_600_000;

const api = apiOf(() => t);

async function member() {
  const user = await createUser(t.db);
  return { id: user.id, password: user.password, cookie: await sessionCookie(t, user.id) };
}

/** A seller with a listing (and a default PIX key unless told otherwise) and a buyer. */
async function market(options: { quantity?: number; priceCents?: number; pixKey?: boolean } = {}) {
  const seller = await member();
  const pixKey = `vendedor.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
  const buyer = await member();
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: `Conta rara ${Math.random().toString(36).slice(2, 8)}`,
    priceCents: options.priceCents ?? 10_000,
  });
  await t.db
    .update(listings)
    .set({ quantity: options.quantity ?? 1 })
    .where(eq(listings.id, listingId));
  if (options.pixKey !== false) {
    const res = await api.as(seller.cookie).post('/api/pix-keys', {
      password: seller.password,
      type: 'email',
      key: pixKey,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { seller, buyer, listingId, pixKey };
}

async function start(cookie: string, listingId: number) {
  const res = await api.as(cookie).post('/api/trades', { listingId });
  expect([200, 201], res.body).toContain(res.statusCode);
  return (res.json() as { id: number }).id;
}

async function step(cookie: string, id: number, path: string, body: object = {}, status = 200) {
  const res = await api.as(cookie).post(`/api/trades/${id}/${path}`, body);
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

const view = async (cookie: string, id: number) => {
  const res = await api.as(cookie).get(`/api/trades/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TradeView;
};

/** A trade taken up to `until` through the routes, as its people would. */
async function tradeUpTo(
  until: 'awaiting_value' | 'awaiting_payment' | 'awaiting_delivery' | 'delivered' | 'awaiting_release',
  options: Parameters<typeof market>[0] = {},
) {
  const m0 = await market(options);
  const id = await start(m0.buyer.cookie, m0.listingId);
  const order = ['awaiting_value', 'awaiting_payment', 'awaiting_delivery', 'delivered', 'awaiting_release'];
  const reach = order.indexOf(until);
  if (reach >= 1) await step(m0.seller.cookie, id, 'value', { amount: '100,00' });
  if (reach >= 2) await step(staffCookie, id, 'payment', {});
  if (reach >= 3)
    await step(m0.seller.cookie, id, 'delivery', {
      note: 'Conta entregue',
      credentials: 'login: heroi / senha: s3nh4',
    });
  if (reach >= 4) await step(m0.buyer.cookie, id, 'delivery/confirm');
  return { ...m0, id };
}

const ledgerOf = (tradeId: number) =>
  t.db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.tradeId, tradeId));

describe('starting a trade', () => {
  it('refuses guests on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/trades'],
      ['POST', '/api/trades'],
      ['GET', '/api/trades/1'],
      ['POST', '/api/trades/1/value'],
      ['POST', '/api/trades/1/payment'],
      ['POST', '/api/trades/1/delivery'],
      ['POST', '/api/trades/1/delivery/confirm'],
      ['POST', '/api/trades/1/release'],
      ['POST', '/api/trades/1/cancel'],
      ['POST', '/api/trades/1/dispute'],
      ['POST', '/api/trades/1/dispute/decision'],
      ['POST', '/api/trades/1/take'],
      ['POST', '/api/trades/1/credentials'],
    ] as const) {
      const res = await api.as().request(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(401);
      expect(errorOf(res).message).toBe(m.loginRequired);
    }
  });

  it('opens one trade at the listing price with a high-priority support ticket; a second start finds it', async () => {
    const { buyer, seller, listingId } = await market({ priceCents: 4990 });
    const first = await api.as(buyer.cookie).post('/api/trades', { listingId });
    expect(first.statusCode).toBe(201);
    const { id } = first.json() as { id: number };
    const again = await api.as(buyer.cookie).post('/api/trades', { listingId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id });

    const [row] = await t.db.select().from(trades).where(eq(trades.id, id));
    expect(row).toMatchObject({
      state: 'awaiting_value',
      amountCents: 4990,
      buyerId: buyer.id,
      sellerId: seller.id,
    });
    const [ticket] = await t.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, row?.ticketId as number));
    expect(ticket).toMatchObject({
      category: 'intermediacao',
      priority: 'high',
      status: 'open',
      userId: buyer.id,
    });
    const [told] = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(told).toMatchObject({ kind: 'trade_started', link: `/intermediacao/${id}` });
  });

  it('opens exactly one trade under a burst of starts by the same buyer', async () => {
    const { buyer, listingId } = await market();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.as(buyer.cookie).post('/api/trades', { listingId })),
    );
    const ids = new Set(answers.map((a) => (a.json() as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
  });

  it("refuses the seller's own listing, a missing one, and a bad id, changing nothing", async () => {
    const { seller, listingId } = await market();
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(trades);
    const own = await api.as(seller.cookie).post('/api/trades', { listingId });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(m.ownListing);
    const missing = await api.as(seller.cookie).post('/api/trades', { listingId: 2_000_000 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(m.listingUnavailable);
    const bad = await api.as(seller.cookie).post('/api/trades', { listingId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(trades)).toEqual(before);
  });

  it('hides a trade from everyone but its buyer, its seller and staff', async () => {
    const { id, buyer, seller } = await tradeUpTo('awaiting_value');
    const stranger = await member();
    const res = await api.as(stranger.cookie).get(`/api/trades/${id}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(m.notFound);
    const poke = await api.as(stranger.cookie).post(`/api/trades/${id}/cancel`, {
      reason: 'Quero cancelar',
    });
    expect(poke.statusCode).toBe(404);
    expect((await view(buyer.cookie, id)).viewerRole).toBe('comprador');
    expect((await view(seller.cookie, id)).viewerRole).toBe('vendedor');
    const staffView = await view(staffCookie, id);
    expect(staffView.viewerRole).toBe('intermediador');
    expect(staffView.actions).toEqual(['cancel', 'take']);
    const mine = (await api.as(stranger.cookie).get('/api/trades')).json() as TradeList;
    expect(mine.trades.map((x) => x.id)).not.toContain(id);
    expect((await api.as(stranger.cookie).get('/api/trades?scope=desk')).statusCode).toBe(403);
  });
});

describe('the four steps', () => {
  it('runs a whole trade: value, PIX charge, payment, sealed delivery, confirmation, release, stock and money', async () => {
    const { id, buyer, seller, listingId, pixKey } = await tradeUpTo('awaiting_value', { quantity: 2 });

    // Step 1: only the seller, with a value.
    expect((await step(buyer.cookie, id, 'value', { amount: '90' }, 403)).json().error.message).toBe(
      m.notYourStep,
    );
    expect((await step(seller.cookie, id, 'value', { amount: '' }, 400)).json().error.message).toBe(
      m.valueRequired,
    );
    expect((await step(seller.cookie, id, 'value', { amount: '-3' }, 400)).json().error.message).toBe(
      m.valueInvalid,
    );
    // A fraction of a cent is refused, not rounded to R$ 11,00.
    expect((await step(seller.cookie, id, 'value', { amount: '10,999' }, 400)).json().error.message).toBe(
      m.valueInvalid,
    );
    // A value other than the agreed R$ 100,00 is a proposal: the buyer accepts it before any charge.
    const proposed = (await step(seller.cookie, id, 'value', { amount: '95,50' })).json() as TradeView;
    expect(proposed.state).toBe('value_proposed');
    expect(proposed.proposal).toEqual({ agreedCents: 10_000, proposedCents: 9550 });
    const valued = (await step(buyer.cookie, id, 'value/accept')).json() as TradeView;
    expect(valued.state).toBe('awaiting_payment');
    expect(valued.amountCents).toBe(9550);
    expect(valued.steps.map((s) => s.status)).toEqual(['completed', 'active', 'pending', 'pending']);
    expect((await view(seller.cookie, id)).charge).toBeNull(); // the seller does not get the charge
    expect((await step(seller.cookie, id, 'value', { amount: '95,50' }, 409)).json().error.message).toBe(
      m.stateChanged,
    );

    // Step 2: the buyer sees the BR Code for the exact amount; only staff confirm it.
    const paying = await view(buyer.cookie, id);
    expect(paying.charge?.copiaECola).toMatch(/^000201.*540595\.50.*6304[0-9A-F]{4}$/);
    expect(paying.charge?.qrSvg).toContain('<svg');
    expect(paying.charge?.automatic).toBe(false);
    expect(paying.deadline?.state).toBe('awaiting_payment');
    await step(buyer.cookie, id, 'payment', {}, 403);
    await step(seller.cookie, id, 'payment', {}, 403);
    const paid = (await step(staffCookie, id, 'payment', { endToEndId: E2E(1) })).json() as TradeView;
    expect(paid.state).toBe('awaiting_delivery');
    expect(paid.intermediary?.id).toBe(staffId);

    // Step 3: the seller delivers with sealed credentials; the buyer alone reads them, and it is audited.
    await step(buyer.cookie, id, 'delivery', { note: 'x' }, 403);
    expect((await step(seller.cookie, id, 'delivery', {}, 400)).json().error.message).toBe(m.deliveryEmpty);
    await step(seller.cookie, id, 'delivery', {
      note: 'Entregue no jogo',
      credentials: 'usuario: heroi\nsenha: s3nh4!',
    });
    const [stored] = await t.db
      .select({ c: trades.deliveryCredentials })
      .from(trades)
      .where(eq(trades.id, id));
    expect(stored?.c).not.toContain('s3nh4');
    expect((await step(seller.cookie, id, 'credentials', {}, 403)).statusCode).toBe(403);
    expect((await step(staffCookie, id, 'credentials', {}, 403)).statusCode).toBe(403);
    const revealed = await step(buyer.cookie, id, 'credentials');
    expect(revealed.json()).toEqual({ credentials: 'usuario: heroi\nsenha: s3nh4!' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'trade'), eq(auditLog.targetId, String(id))));
    expect(audits).toEqual([
      expect.objectContaining({ actorId: staffId, action: 'trade.payment_confirm' }),
      expect.objectContaining({ actorId: buyer.id, action: 'trade.credentials_reveal' }),
    ]);
    const delivered = await view(buyer.cookie, id);
    expect(delivered.deadline?.state).toBe('delivered');
    expect(new Date(delivered.deadline?.at as string).getTime() - Date.now()).toBeGreaterThan(71 * HOUR);

    await step(seller.cookie, id, 'delivery/confirm', {}, 403);
    await step(buyer.cookie, id, 'delivery/confirm');

    // Step 4: staff release to the seller's default key with the transfer's id.
    await step(buyer.cookie, id, 'release', { endToEndId: E2E(2) }, 403);
    expect((await step(staffCookie, id, 'release', { endToEndId: 'curto' }, 400)).json().error.message).toBe(
      m.endToEndInvalid,
    );
    const done = (await step(staffCookie, id, 'release', { endToEndId: E2E(2) })).json() as TradeView;
    expect(done.state).toBe('completed');
    expect(done.steps.every((s) => s.status === 'completed')).toBe(true);
    // Admins, who pay it, read the key fixed on the trade in full; the parties read it masked.
    expect(done.payout).toMatchObject({ endToEndId: E2E(2), keyType: 'email', pixKey });
    expect((await view(seller.cookie, id)).payout?.pixKey).toBe('v•••@exemplo.com.br');
    expect(done.listing).toMatchObject({ status: 'active', quantity: 1 });
    await step(staffCookie, id, 'release', { endToEndId: E2E(2) }, 409);

    const [ticket] = await t.db
      .select()
      .from(supportTickets)
      .innerJoin(trades, eq(trades.ticketId, supportTickets.id))
      .where(eq(trades.id, id));
    expect(ticket?.support_tickets).toMatchObject({ status: 'resolved', adminResponse: m.ticketResolved });
    expect((await ledgerOf(id)).map((r) => r.kind).sort()).toEqual(['payment', 'payout', 'release']);
    const ledger = createLedger(t.db);
    expect(await ledger.balanceOf(payableAccountCode(seller.id))).toBe(0);
    expect((await ledger.reconcile()).problems).toEqual([]);
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing).toMatchObject({ quantity: 1, status: 'active' });
    const events = done.events.map((e) => e.kind);
    expect(events).toEqual([
      'opened',
      'value_proposed',
      'value_accepted',
      'payment_confirmed',
      'delivery_marked',
      'credentials_revealed',
      'delivery_confirmed',
      'released',
    ]);
  });

  it('marks the listing sold when the last unit goes, and money matches the 5 % fee', async () => {
    const { id, listingId, seller } = await tradeUpTo('awaiting_release');
    const ledger = createLedger(t.db);
    const feeBefore = await ledger.balanceOf(platformAccounts.feeRevenue);
    const done = (await step(staffCookie, id, 'release', { endToEndId: E2E(3) })).json() as TradeView;
    expect(done.listing).toMatchObject({ status: 'sold', quantity: 0 });
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing).toMatchObject({ status: 'sold', quantity: 0 });
    expect((await ledger.balanceOf(platformAccounts.feeRevenue)) - feeBefore).toBe(feeCents(10_000));
    expect(done.sellerShareCents).toBe(sellerShareCents(10_000));
    const sellerNews = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(sellerNews.map((n) => n.link)).toContain(`/intermediacao/${id}`);
  });

  it('tells the buyer the payout was made without quoting its E2E id, which the seller still gets', async () => {
    const { id, buyer, seller } = await tradeUpTo('awaiting_release');
    await step(staffCookie, id, 'release', { endToEndId: E2E(20) });
    const releasedFor = async (userId: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, userId)))
        .filter((n) => n.link === `/intermediacao/${id}` && n.body.startsWith('Pagamento liberado'))
        .map((n) => n.body);
    expect(await releasedFor(buyer.id)).toEqual([
      'Pagamento liberado ao vendedor: a intermediação foi concluída.',
    ]);
    expect(await releasedFor(seller.id)).toEqual([`Pagamento liberado ao vendedor (E2E ${E2E(20)})`]);
  });

  it("refuses the release while the seller has no PIX key ('Chave PIX necessária')", async () => {
    const { id } = await tradeUpTo('awaiting_release', { pixKey: false });
    expect((await view(staffCookie, id)).sellerHasPixKey).toBe(false);
    const res = await step(staffCookie, id, 'release', { endToEndId: E2E(4) }, 409);
    expect(errorOf(res).message).toBe(m.pixKeyRequired);
    expect(await ledgerOf(id)).toEqual([{ kind: 'payment' }]);
  });

  it("never sends the buyer the seller's payout (key, holder, amount), before or after the release", async () => {
    const { id, buyer, seller, pixKey } = await tradeUpTo('awaiting_release');
    const local = pixKey.slice(pixKey.indexOf('.') + 1, pixKey.indexOf('@'));
    const buyerReads = async () => {
      const res = await api.as(buyer.cookie).get(`/api/trades/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    for (const stage of ['due', 'paid']) {
      if (stage === 'paid') await step(staffCookie, id, 'release', { endToEndId: E2E(12) });
      const res = await buyerReads();
      expect((res.json() as TradeView).payout, stage).toBeNull();
      // Not even masked: no part of the key's address reaches the buyer.
      expect(res.body).not.toContain('@exemplo.com.br');
      expect(res.body).not.toContain(local);
      expect((await view(seller.cookie, id)).payout?.pixKey, stage).toBe('v•••@exemplo.com.br');
    }
  });

  it('asks both parties to review when the trade completes, linking to the review form', async () => {
    const { id, buyer, seller } = await tradeUpTo('awaiting_release');
    const requestsTo = (userId: string) =>
      t.db
        .select({ title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), eq(notifications.link, `/intermediacao/${id}#avaliacao`)),
        );
    expect(await requestsTo(buyer.id)).toEqual([]);
    await step(staffCookie, id, 'release', { endToEndId: E2E(13) });
    expect(await requestsTo(buyer.id)).toEqual([
      { title: 'Avalie o vendedor', link: `/intermediacao/${id}#avaliacao` },
    ]);
    expect(await requestsTo(seller.id)).toEqual([
      { title: 'Avalie o comprador', link: `/intermediacao/${id}#avaliacao` },
    ]);
  });

  it('lets exactly one of many concurrent payment confirmations through, moving the money once', async () => {
    const { id } = await tradeUpTo('awaiting_payment');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.as(i % 2 ? staffCookie : otherStaffCookie).post(`/api/trades/${id}/payment`, {}),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      // An admin who lost is told the step passed; a moderator, that money is for admins (or, once an admin
      // confirmed it, that the trade is taken).
      expect([409, 403]).toContain(a.statusCode);
      expect([m.stateChanged, m.alreadyTaken, m.adminOnly]).toContain(errorOf(a).message);
    }
    expect(await ledgerOf(id)).toEqual([{ kind: 'payment' }]);
  });

  it('reserves a unit when the value is confirmed: the second trade on the last unit is told it is sold out', async () => {
    const { seller, listingId } = await market({ quantity: 1 });
    const a = await member();
    const b = await member();
    const ta = await start(a.cookie, listingId);
    const tb = await start(b.cookie, listingId);
    const answers = await Promise.all([
      api.as(seller.cookie).post(`/api/trades/${ta}/value`, { amount: '100' }),
      api.as(seller.cookie).post(`/api/trades/${tb}/value`, { amount: '100' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(answers.find((r) => r.statusCode === 409) as (typeof answers)[number]).message).toBe(
      m.outOfStock,
    );
    const c = await member();
    const late = await api.as(c.cookie).post('/api/trades', { listingId });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(m.outOfStock);
    // Cancelling the reserving trade frees the unit.
    const reserving = answers[0]?.statusCode === 200 ? ta : tb;
    await step(staffCookie, reserving, 'cancel', { reason: 'Comprador desistiu' });
    expect((await api.as(c.cookie).post('/api/trades', { listingId })).statusCode).toBe(201);
  });
});

describe('the listing under open trades', () => {
  const editQuantity = async (cookie: string, listingId: number, quantity: string) => {
    const body = multipart(listingForm(gameId, { quantity }), [await photo()]);
    return api.as(cookie).put(`/api/listings/${listingId}`, body);
  };

  it('refuses an edit that lowers the stock below the units trades hold, changing nothing', async () => {
    const { seller, listingId } = await market({ quantity: 3 });
    for (const buyer of [await member(), await member()]) {
      const id = await start(buyer.cookie, listingId);
      await step(seller.cookie, id, 'value', { amount: '100' });
    }
    const lowered = await editQuantity(seller.cookie, listingId, '1');
    expect(lowered.statusCode).toBe(400);
    expect(errorOf(lowered).fields?.quantity).toBe(listingMessages.quantityBelowReserved);
    const [kept] = await t.db
      .select({ quantity: listings.quantity })
      .from(listings)
      .where(eq(listings.id, listingId));
    expect(kept?.quantity).toBe(3);
    expect((await editQuantity(seller.cookie, listingId, '2')).statusCode).toBe(200);
  });
});

describe('cancelling and disputes', () => {
  it('lets either party cancel before payment, with a reason', async () => {
    const { id, buyer } = await tradeUpTo('awaiting_payment');
    expect((await step(buyer.cookie, id, 'cancel', { reason: 'x' }, 400)).json().error.message).toBe(
      m.reasonRequired,
    );
    const cancelled = (
      await step(buyer.cookie, id, 'cancel', { reason: 'Mudei de ideia' })
    ).json() as TradeView;
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.cancelReason).toBe('Mudei de ideia');
    expect(cancelled.steps.map((s) => s.status)).toEqual(['completed', 'pending', 'pending', 'pending']);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('after payment only staff cancel, which refunds the buyer with the transfer id', async () => {
    const { id, buyer, seller } = await tradeUpTo('awaiting_delivery');
    expect(
      errorOf(await step(buyer.cookie, id, 'cancel', { reason: 'Desisti da compra' }, 403)).message,
    ).toBe(m.cancelAfterPayment);
    await step(seller.cookie, id, 'cancel', { reason: 'Desisti da venda' }, 403);
    await step(staffCookie, id, 'cancel', { reason: 'Vendedor sumiu' }, 400);
    const refunded = (
      await step(staffCookie, id, 'cancel', { reason: 'Vendedor sumiu', endToEndId: E2E(5) })
    ).json() as TradeView;
    expect(refunded.state).toBe('refunded');
    expect((await ledgerOf(id)).map((r) => r.kind).sort()).toEqual(['payment', 'refund', 'refund_payout']);
    expect((await createLedger(t.db).reconcile()).problems).toEqual([]);
  });

  it('stops the timers in a dispute, and staff decide with a reason both parties read', async () => {
    const { id, buyer, seller } = await tradeUpTo('delivered');
    const stranger = await member();
    await step(stranger.cookie, id, 'dispute', { reason: 'Não recebi' }, 404);
    await step(staffCookie, id, 'dispute', { reason: 'Abrindo pela equipe' }, 403);
    const disputed = (
      await step(buyer.cookie, id, 'dispute', { reason: 'A conta veio sem a skin' })
    ).json() as TradeView;
    expect(disputed.state).toBe('disputed');
    // The dispute's own deadline: staff decide within 48 business hours (the parties' timers stop).
    expect(disputed.deadline?.state).toBe('disputed');
    expect(disputed.dispute).toMatchObject({ openedBy: 'comprador', reason: 'A conta veio sem a skin' });
    await step(buyer.cookie, id, 'delivery/confirm', {}, 409);
    // Staff read the credentials only inside the dispute.
    expect((await step(staffCookie, id, 'credentials')).json()).toEqual({
      credentials: 'login: heroi / senha: s3nh4',
    });
    expect(await t.app.tradeTimers.sweep(new Date(Date.now() + 1000 * HOUR))).toBeGreaterThanOrEqual(0);
    const swept = await view(buyer.cookie, id);
    expect(swept.state).toBe('disputed');
    expect(swept.flaggedAt).not.toBeNull();

    await step(seller.cookie, id, 'dispute/decision', { decision: 'release', reason: 'Tudo certo' }, 403);
    const decided = (
      await step(staffCookie, id, 'dispute/decision', {
        decision: 'refund',
        reason: 'A skin prometida não estava na conta',
        endToEndId: E2E(7),
      })
    ).json() as TradeView;
    expect(decided.state).toBe('refunded');
    const sellerView = await view(seller.cookie, id);
    expect(sellerView.dispute).toMatchObject({
      decision: 'refund',
      decisionReason: 'A skin prometida não estava na conta',
    });
    expect((await ledgerOf(id)).map((r) => r.kind).sort()).toEqual(['payment', 'refund', 'refund_payout']);
  });

  it('makes the payout due when staff decide for the seller, and the release then pays it', async () => {
    const { id, seller } = await tradeUpTo('awaiting_release');
    await step(seller.cookie, id, 'dispute', { reason: 'Comprador ameaça estornar' });
    const decided = (
      await step(staffCookie, id, 'dispute/decision', {
        decision: 'release',
        reason: 'Entrega comprovada',
      })
    ).json() as TradeView;
    expect(decided.state).toBe('awaiting_release');
    expect(decided.payout).toMatchObject({ endToEndId: null, paidAt: null });
    expect(await ledgerOf(id)).toEqual([{ kind: 'payment' }]);
    const paid = (await step(staffCookie, id, 'release', { endToEndId: E2E(8) })).json() as TradeView;
    expect(paid.state).toBe('completed');
    expect((await ledgerOf(id)).map((r) => r.kind).sort()).toEqual(['payment', 'payout', 'release']);
  });

  it('gives a taken trade to its intermediary alone', async () => {
    const { id } = await tradeUpTo('awaiting_payment');
    await step(staffCookie, id, 'take');
    expect(errorOf(await step(otherStaffCookie, id, 'take', {}, 403)).message).toBe(m.alreadyTaken);
    expect(errorOf(await step(otherStaffCookie, id, 'payment', {}, 403)).message).toBe(m.alreadyTaken);
    expect((await view(otherStaffCookie, id)).actions).toEqual([]);
    await step(staffCookie, id, 'payment', {});
  });
});

describe('timers', () => {
  const sweepAt = (hoursAhead: number) => t.app.tradeTimers.sweep(new Date(Date.now() + hoursAhead * HOUR));
  const stateOf = async (id: number) =>
    (
      await t.db
        .select({ state: trades.state, flaggedAt: trades.flaggedAt })
        .from(trades)
        .where(eq(trades.id, id))
    )[0];

  it('cancels a trade whose value or payment waited 24 hours, once, and frees the unit', async () => {
    const a = await tradeUpTo('awaiting_value');
    const b = await tradeUpTo('awaiting_payment');
    await sweepAt(23);
    expect((await stateOf(a.id))?.state).toBe('awaiting_value');
    await sweepAt(25);
    expect((await stateOf(a.id))?.state).toBe('cancelled');
    expect((await stateOf(b.id))?.state).toBe('cancelled');
    const expired = await t.db
      .select()
      .from(tradeEvents)
      .where(and(eq(tradeEvents.tradeId, b.id), eq(tradeEvents.kind, 'expired')));
    expect(expired).toHaveLength(1);
    await sweepAt(26);
    expect(
      await t.db
        .select()
        .from(tradeEvents)
        .where(and(eq(tradeEvents.tradeId, b.id), eq(tradeEvents.kind, 'expired'))),
    ).toHaveLength(1);
  });

  it('flags a delivery not marked in 24 hours to staff, and confirms for a buyer silent 72 hours', async () => {
    const late = await tradeUpTo('awaiting_delivery');
    const silent = await tradeUpTo('delivered');
    await sweepAt(25);
    expect(await stateOf(late.id)).toMatchObject({ state: 'awaiting_delivery', flaggedAt: expect.any(Date) });
    expect((await stateOf(silent.id))?.state).toBe('delivered');
    const desk = (await api.as(staffCookie).get('/api/trades?scope=desk')).json() as TradeList;
    expect(desk.trades.find((x) => x.id === late.id)?.flagged).toBe(true);
    await sweepAt(73);
    expect((await stateOf(silent.id))?.state).toBe('awaiting_release');
    const room = await view(silent.buyer.cookie, silent.id);
    expect(room.delivery?.autoConfirmed).toBe(true);
    expect(room.deadline?.state).toBe('awaiting_release');
    // The seller marking the delivery clears the flag.
    await step(late.seller.cookie, late.id, 'delivery', { note: 'Entreguei agora' });
    expect((await stateOf(late.id))?.flaggedAt).toBeNull();
  });

  it('warns the party who must act once when a deadline is near', async () => {
    const { id, seller, buyer } = await tradeUpTo('awaiting_value');
    const warningsOf = (userId: string) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'timer_warning')));
    await sweepAt(17);
    expect(await warningsOf(seller.id)).toEqual([]);
    await sweepAt(19);
    await sweepAt(20);
    const told = await warningsOf(seller.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: `/intermediacao/${id}` });
    expect(told[0]?.body).toMatch(
      /^Confirme o valor da transação, ou ela será cancelada, até \d{2}\/\d{2}\/\d{4}/,
    );
    // The next state's deadline warns its own party.
    await step(seller.cookie, id, 'value', { amount: '100' });
    await sweepAt(19);
    expect(await warningsOf(buyer.id)).toHaveLength(1);
  });

  it('runs two timers in a state: a sweep that ran late expires the trade without warning of a passed deadline', async () => {
    const { id, seller } = await tradeUpTo('awaiting_value');
    await sweepAt(25);
    expect((await stateOf(id))?.state).toBe('cancelled');
    const warned = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'timer_warning')));
    expect(warned).toEqual([]);
    const [row] = await t.db.select().from(trades).where(eq(trades.id, id));
    expect(row).toMatchObject({ timers: {}, nextTimerAt: null });
  });

  it('sweeps concurrently without acting twice', async () => {
    const { id } = await tradeUpTo('awaiting_value');
    const at = new Date(Date.now() + 25 * HOUR);
    await Promise.all([
      t.app.tradeTimers.sweep(at),
      t.app.tradeTimers.sweep(at),
      t.app.tradeTimers.sweep(at),
    ]);
    const expired = await t.db
      .select()
      .from(tradeEvents)
      .where(and(eq(tradeEvents.tradeId, id), eq(tradeEvents.kind, 'expired')));
    expect(expired).toHaveLength(1);
  });
});
