import { businessHoursAfter } from '@shared/business-hours';
import { sellerShareCents } from '@shared/fees';
import { ledgerMessages } from '@shared/ledger-messages';
import { tradeMessages as m } from '@shared/trade-messages';
import { TRADE_TIMERS } from '@shared/trade-rules';
import type { TradeList, TradeView } from '@shared/trades';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, ledgerTransactions, notifications, tradeEvents, trades } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { nextEndToEndId } from '../helpers/e2e-id';
import { errorOf } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The money desk of a protected trade (decision 020): the agreed price as the contract, the payout key fixed when
 * the payout becomes due, PIX end-to-end ids strict and used once across the ledger, money moved by admins only,
 * the account sales' warranty window and the dispute's decision deadline in business hours.
 */

const HOUR = 3_600_000;
/** A Monday, 10:00 in Brasília: every test starts here, and moves the trades' clock on its own. */
const MONDAY = new Date('2026-11-23T13:00:00Z');
let clock = MONDAY;
const advance = (hours: number) => {
  clock = new Date(clock.getTime() + hours * HOUR);
  return clock;
};

let t: TestApp;
let gameId: number;
let admin: Person;
let moderator: Person;
let otherModerator: Person;

interface Person {
  id: string;
  cookie: string;
  nickname: string;
  /** Confirms a change of the default PIX key (the step-up of pix-keys). */
  password: string;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { now: () => clock });
  gameId = Object.values(await createGames(t.db))[0] as number;
  const signedIn = async (user: { id: string; email: string; password: string; nickname: string }) => ({
    id: user.id,
    nickname: user.nickname,
    password: user.password,
    cookie: await sessionCookie(t, user.id),
  });
  admin = await signedIn(await createStaff(t.db, 'admin'));
  moderator = await signedIn(await createStaff(t.db, 'moderator'));
  otherModerator = await signedIn(await createStaff(t.db, 'moderator'));
});
afterAll(() => t?.close());
beforeEach(() => {
  clock = MONDAY;
});

const api = apiOf(() => t);

async function member(): Promise<Person> {
  const user = await createUser(t.db);
  return {
    id: user.id,
    nickname: user.nickname,
    password: user.password,
    cookie: await sessionCookie(t, user.id),
  };
}

async function addKey(person: Person, type: 'email' | 'cpf', key: string) {
  const res = await api.as(person.cookie).post('/api/pix-keys', { type, key, password: person.password });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function step(cookie: string | undefined, id: number, path: string, body: object = {}, status = 200) {
  const res = await api.as(cookie).post(`/api/trades/${id}/${path}`, body);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(status);
  return res;
}
const stepView = async (cookie: string, id: number, path: string, body: object = {}) =>
  (await step(cookie, id, path, body)).json() as TradeView;
/** A refused step: its status and pt-BR message. */
async function refused(
  cookie: string | undefined,
  id: number,
  path: string,
  body: object,
  status: number,
  message: string,
) {
  expect(errorOf(await step(cookie, id, path, body, status)).message, path).toBe(message);
}

const view = async (cookie: string, id: number) => {
  const res = await api.as(cookie).get(`/api/trades/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TradeView;
};

type Until =
  | 'awaiting_value'
  | 'awaiting_payment'
  | 'awaiting_delivery'
  | 'delivered'
  | 'confirmed'
  | 'disputed';

/**
 * A seller (with a default e-mail PIX key unless told otherwise) and a buyer, and a trade at R$ 100,00 taken up to
 * `until` through the routes: 'confirmed' is past the buyer's confirmation, 'disputed' opened by the buyer after
 * payment. `heldBy` takes the trade before the payment, which the admin confirms with a fresh E2E id.
 */
async function tradeUpTo(
  until: Until,
  options: { kind?: 'items' | 'accounts'; pixKey?: boolean; heldBy?: Person } = {},
) {
  const seller = await member();
  const buyer = await member();
  const pixKey = `vendedor.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
  if (options.pixKey !== false) await addKey(seller, 'email', pixKey);
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: `Conta do balcão ${Math.random().toString(36).slice(2, 8)}`,
    priceCents: 10_000,
    kind: options.kind ?? 'items',
  });
  const started = await api.as(buyer.cookie).post('/api/trades', { listingId });
  expect(started.statusCode, started.body).toBe(201);
  const id = (started.json() as { id: number }).id;
  const order: Until[] = [
    'awaiting_value',
    'awaiting_payment',
    'awaiting_delivery',
    'delivered',
    'confirmed',
  ];
  const reach = until === 'disputed' ? 2 : order.indexOf(until);
  const paymentE2E = nextEndToEndId();
  if (reach >= 1) await step(seller.cookie, id, 'value', { amount: '100,00' });
  if (options.heldBy) await step(options.heldBy.cookie, id, 'take');
  if (reach >= 2) await step(admin.cookie, id, 'payment', { endToEndId: paymentE2E });
  if (reach >= 3)
    await step(seller.cookie, id, 'delivery', {
      note: 'Conta entregue',
      credentials: 'login: heroi / senha: s3nh4',
    });
  if (reach >= 4) await step(buyer.cookie, id, 'delivery/confirm');
  if (until === 'disputed') await step(buyer.cookie, id, 'dispute', { reason: 'A conta não foi entregue' });
  return { id, seller, buyer, listingId, pixKey, paymentE2E };
}

const rowOf = async (id: number) => (await t.db.select().from(trades).where(eq(trades.id, id)))[0];
const ledgerOf = async (id: number) =>
  (
    await t.db
      .select({ kind: ledgerTransactions.kind, endToEndId: ledgerTransactions.endToEndId })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.tradeId, id))
      .orderBy(asc(ledgerTransactions.id))
  ).map((r) => r.kind);
const auditsOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'trade'), eq(auditLog.targetId, String(id))))
    .orderBy(asc(auditLog.id));
const eventsOf = async (id: number) =>
  (
    await t.db
      .select({ kind: tradeEvents.kind })
      .from(tradeEvents)
      .where(eq(tradeEvents.tradeId, id))
      .orderBy(asc(tradeEvents.id))
  ).map((e) => e.kind);
/** Everything a refused step must leave as it was. */
const snapshot = async (id: number) => ({
  row: await rowOf(id),
  ledger: await ledgerOf(id),
  events: await eventsOf(id),
  audits: (await auditsOf(id)).length,
});

describe('the agreed price is the contract', () => {
  it('a different value is a proposal: only the buyer accepts it, and the charge then carries it', async () => {
    const { id, seller, buyer } = await tradeUpTo('awaiting_value');
    const stranger = await member();

    const proposed = await stepView(seller.cookie, id, 'value', { amount: '120,00' });
    expect(proposed.state).toBe('value_proposed');
    expect(proposed.amountCents).toBe(10_000);
    expect(proposed.proposal).toEqual({ agreedCents: 10_000, proposedCents: 12_000 });
    const asBuyer = await view(buyer.cookie, id);
    expect(asBuyer.actions).toEqual(expect.arrayContaining(['accept_value', 'decline_value']));
    expect(asBuyer.charge).toBeNull();
    expect(await ledgerOf(id)).toEqual([]);

    const before = await snapshot(id);
    await refused(undefined, id, 'value/accept', {}, 401, m.loginRequired);
    await refused(stranger.cookie, id, 'value/accept', {}, 404, m.notFound);
    await refused(seller.cookie, id, 'value/accept', {}, 403, m.notYourStep);
    await refused(moderator.cookie, id, 'value/accept', {}, 403, m.notYourStep);
    await refused(admin.cookie, id, 'value/accept', {}, 403, m.notYourStep);
    await refused(seller.cookie, id, 'value/decline', {}, 403, m.notYourStep);
    await refused(seller.cookie, id, 'value', { amount: '110,00' }, 409, m.stateChanged);
    expect(await snapshot(id)).toEqual(before);

    const accepted = await stepView(buyer.cookie, id, 'value/accept');
    expect(accepted.state).toBe('awaiting_payment');
    expect(accepted.amountCents).toBe(12_000);
    expect(accepted.proposal).toBeNull();
    expect(accepted.charge?.amountCents).toBe(12_000);
    expect(accepted.charge?.copiaECola).toContain('5406120.00');
    expect(accepted.events.map((e) => e.kind)).toEqual(['opened', 'value_proposed', 'value_accepted']);
    await refused(buyer.cookie, id, 'value/accept', {}, 409, m.stateChanged);
    // The accepted amount is what the payment must be, and what the ledger records.
    await step(admin.cookie, id, 'payment', { endToEndId: nextEndToEndId() });
    expect((await createLedger(t.db).reconcile()).figures.payments).toBeGreaterThanOrEqual(12_000);
  });

  it('a declined proposal keeps the agreed value; the seller confirms it and the trade goes to payment', async () => {
    const { id, seller, buyer } = await tradeUpTo('awaiting_value');
    await step(seller.cookie, id, 'value', { amount: '80,00' });
    const declined = await stepView(buyer.cookie, id, 'value/decline');
    expect(declined.state).toBe('awaiting_value');
    expect(declined.amountCents).toBe(10_000);
    expect(declined.proposal).toBeNull();
    expect((await rowOf(id))?.proposedAmountCents).toBeNull();
    await refused(buyer.cookie, id, 'value/accept', {}, 409, m.stateChanged);

    const confirmed = await stepView(seller.cookie, id, 'value', { amount: '100,00' });
    expect(confirmed.state).toBe('awaiting_payment');
    expect(confirmed.amountCents).toBe(10_000);
    expect((await view(buyer.cookie, id)).charge?.amountCents).toBe(10_000);
    expect(confirmed.events.map((e) => e.kind)).toEqual([
      'opened',
      'value_proposed',
      'value_declined',
      'value_confirmed',
    ]);
  });
});

describe('the payout key, fixed when the payout becomes due', () => {
  it("is fixed at the buyer's confirmation, whole for admins, masked for the seller and moderators, none of the buyer's business; a new default does not redirect it", async () => {
    const { id, seller, buyer, pixKey } = await tradeUpTo('delivered');
    expect((await view(admin.cookie, id)).payout).toBeNull();
    advance(2);
    const dueAt = clock.toISOString();
    const confirmed = await stepView(buyer.cookie, id, 'delivery/confirm');
    expect(confirmed.state).toBe('awaiting_release');
    const expected = {
      keyType: 'email',
      holderName: seller.nickname,
      amountCents: sellerShareCents(10_000),
      dueAt,
      endToEndId: null,
      paidAt: null,
    };
    expect((await view(admin.cookie, id)).payout).toEqual({ ...expected, pixKey });
    for (const who of [seller, moderator]) {
      expect((await view(who.cookie, id)).payout, who.nickname).toEqual({
        ...expected,
        pixKey: 'v•••@exemplo.com.br',
      });
    }
    expect((await view(buyer.cookie, id)).payout).toBeNull();

    // The seller changes their default key after the payout became due: it is still paid to the fixed one.
    const newer = await addKey(seller, 'cpf', '52998224725');
    expect(
      (await api.as(seller.cookie).put(`/api/pix-keys/${newer.id}/default`, { password: seller.password }))
        .statusCode,
    ).toBe(200);
    expect((await view(admin.cookie, id)).payout?.pixKey).toBe(pixKey);
    const e2e = nextEndToEndId();
    const paid = await stepView(admin.cookie, id, 'release', { endToEndId: e2e });
    expect(paid.state).toBe('completed');
    expect(paid.payout).toMatchObject({ pixKey, keyType: 'email', endToEndId: e2e, paidAt: dueAt });
    expect((await rowOf(id))?.payoutPixKey).toBe(`email:${pixKey}`);
    const release = (await auditsOf(id)).find((a) => a.action === 'trade.release');
    expect(release).toMatchObject({ actorId: admin.id });
    expect(release?.details).toMatchObject({
      endToEndId: e2e,
      payoutPixKey: `email:${pixKey}`,
      payoutHolderName: seller.nickname,
      amountCents: 10_000,
    });
  });

  it('is fixed by the 72-hour auto-confirmation, at the sweep', async () => {
    const { id, seller, pixKey } = await tradeUpTo('delivered');
    await t.app.tradeTimers.sweep(advance(TRADE_TIMERS.buyerConfirmationHours - 1));
    expect((await rowOf(id))?.state).toBe('delivered');
    const at = advance(2);
    await t.app.tradeTimers.sweep(at);
    const room = await view(admin.cookie, id);
    expect(room.state).toBe('awaiting_release');
    expect(room.delivery?.autoConfirmed).toBe(true);
    expect(room.payout).toMatchObject({ keyType: 'email', pixKey, dueAt: at.toISOString() });
    const newer = await addKey(seller, 'cpf', '52998224725');
    expect(
      (await api.as(seller.cookie).put(`/api/pix-keys/${newer.id}/default`, { password: seller.password }))
        .statusCode,
    ).toBe(200);
    await step(admin.cookie, id, 'release', { endToEndId: nextEndToEndId() });
    expect((await rowOf(id))?.payoutPixKey).toBe(`email:${pixKey}`);
  });

  it('waits for a seller without a key: the release is refused, then pays the key they register', async () => {
    const { id, seller } = await tradeUpTo('confirmed', { pixKey: false });
    const due = await view(admin.cookie, id);
    expect(due.payout).toMatchObject({ keyType: null, pixKey: null, amountCents: sellerShareCents(10_000) });
    const before = await snapshot(id);
    const res = await step(admin.cookie, id, 'release', { endToEndId: nextEndToEndId() }, 409);
    expect(errorOf(res)).toMatchObject({
      message: m.pixKeyRequired,
      fields: { endToEndId: m.payoutKeyMissing },
    });
    expect(await snapshot(id)).toEqual(before);

    const key = `registrada.${id}@exemplo.com.br`;
    await addKey(seller, 'email', key);
    const paid = await stepView(admin.cookie, id, 'release', { endToEndId: nextEndToEndId() });
    expect(paid.state).toBe('completed');
    expect(paid.payout).toMatchObject({ keyType: 'email', pixKey: key });
    expect((await rowOf(id))?.payoutPixKey).toBe(`email:${key}`);
  });

  it('is fixed when a dispute is decided for the seller: no transfer then, the release pays it', async () => {
    const { id, seller, pixKey } = await tradeUpTo('disputed');
    const decided = await stepView(admin.cookie, id, 'dispute/decision', {
      decision: 'release',
      reason: 'Entrega comprovada pelo vendedor',
    });
    expect(decided.state).toBe('awaiting_release');
    expect(decided.payout).toMatchObject({
      pixKey,
      endToEndId: null,
      paidAt: null,
      dueAt: clock.toISOString(),
    });
    expect(await ledgerOf(id)).toEqual(['payment']);
    expect((await auditsOf(id)).map((a) => a.action)).toContain('trade.dispute_release');
    expect((await view(seller.cookie, id)).dispute).toMatchObject({ decision: 'release' });
    await step(admin.cookie, id, 'release', { endToEndId: nextEndToEndId() });
    expect(await ledgerOf(id)).toEqual(['payment', 'release', 'payout']);
  });
});

describe('PIX end-to-end ids', () => {
  it('refuses an id outside the Banco Central format on every money step, changing nothing', async () => {
    const loose = `E${'1'.padStart(31, '0')}`; // 32 letters and digits, but no ISPB, date or time
    const paying = await tradeUpTo('awaiting_payment');
    const releasing = await tradeUpTo('confirmed');
    const disputed = await tradeUpTo('disputed');
    const cases = [
      [paying.id, 'payment', { endToEndId: loose }],
      [releasing.id, 'release', { endToEndId: loose }],
      [releasing.id, 'release', { endToEndId: 'E1234567820261301120012345678901' }], // month 13
      [releasing.id, 'cancel', { reason: 'Reembolso pedido', endToEndId: loose }],
      [disputed.id, 'dispute/decision', { decision: 'refund', reason: 'Não entregue', endToEndId: loose }],
    ] as const;
    for (const [id, path, body] of cases) {
      const before = await snapshot(id);
      const res = await step(admin.cookie, id, path, body, 400);
      expect(errorOf(res).message, path).toBe(m.endToEndInvalid);
      expect(await snapshot(id), path).toEqual(before);
    }
  });

  it("refuses one transfer for two trades' payments (409), changing nothing", async () => {
    const first = await tradeUpTo('awaiting_payment');
    const second = await tradeUpTo('awaiting_payment');
    const e2e = nextEndToEndId();
    await step(admin.cookie, first.id, 'payment', { endToEndId: e2e });
    const before = await snapshot(second.id);
    const res = await step(admin.cookie, second.id, 'payment', { endToEndId: ` ${e2e} ` }, 409);
    expect(errorOf(res).message).toBe(ledgerMessages.endToEndUsed);
    expect(await snapshot(second.id)).toEqual(before);
    expect((await rowOf(second.id))?.state).toBe('awaiting_payment');
    // Another id goes through.
    await step(admin.cookie, second.id, 'payment', { endToEndId: nextEndToEndId() });
  });

  it("refuses a payment's transfer as a payout or a refund (409), changing nothing", async () => {
    const releasing = await tradeUpTo('confirmed');
    const refunding = await tradeUpTo('awaiting_delivery');
    for (const [id, path, body] of [
      [releasing.id, 'release', { endToEndId: releasing.paymentE2E }],
      [releasing.id, 'release', { endToEndId: refunding.paymentE2E }],
      [refunding.id, 'cancel', { reason: 'Vendedor sumiu', endToEndId: releasing.paymentE2E }],
    ] as const) {
      const before = await snapshot(id);
      const res = await step(admin.cookie, id, path, body, 409);
      expect(errorOf(res).message, path).toBe(ledgerMessages.endToEndUsed);
      expect(await snapshot(id), path).toEqual(before);
    }
    const payout = nextEndToEndId();
    await step(admin.cookie, releasing.id, 'release', { endToEndId: payout });
    // …and the payout's transfer as another trade's refund.
    const res = await step(
      admin.cookie,
      refunding.id,
      'cancel',
      { reason: 'Vendedor sumiu', endToEndId: payout },
      409,
    );
    expect(errorOf(res).message).toBe(ledgerMessages.endToEndUsed);
    expect((await rowOf(refunding.id))?.state).toBe('awaiting_delivery');
    expect((await createLedger(t.db).reconcile()).problems).toEqual([]);
  });
});

describe('money is moved by admins only', () => {
  it('payment: a moderator takes the trade but may not confirm it; an admin confirms while the moderator holds it', async () => {
    const { id, buyer, seller } = await tradeUpTo('awaiting_payment');
    const stranger = await member();
    const body = { endToEndId: nextEndToEndId() };
    const before = await snapshot(id);
    await refused(undefined, id, 'payment', body, 401, m.loginRequired);
    await refused(stranger.cookie, id, 'payment', body, 404, m.notFound);
    await refused(buyer.cookie, id, 'payment', body, 403, m.notYourStep);
    await refused(seller.cookie, id, 'payment', body, 403, m.notYourStep);
    await refused(moderator.cookie, id, 'payment', body, 403, m.adminOnly);
    expect(await snapshot(id)).toEqual(before);
    expect((await view(moderator.cookie, id)).actions).not.toContain('confirm_payment');

    await step(moderator.cookie, id, 'take');
    await refused(moderator.cookie, id, 'payment', body, 403, m.adminOnly);
    expect((await view(admin.cookie, id)).actions).toContain('confirm_payment');
    const paid = await stepView(admin.cookie, id, 'payment', body);
    expect(paid.state).toBe('awaiting_delivery');
    expect(paid.intermediary?.id).toBe(moderator.id);
    expect((await auditsOf(id)).map((a) => [a.action, a.actorId])).toEqual([
      ['trade.take', moderator.id],
      ['trade.payment_confirm', admin.id],
    ]);
  });

  it('release: refused to guests, strangers, parties and moderators; an admin pays', async () => {
    const { id, buyer, seller } = await tradeUpTo('confirmed', { heldBy: moderator });
    const stranger = await member();
    const body = { endToEndId: nextEndToEndId() };
    const before = await snapshot(id);
    await refused(undefined, id, 'release', body, 401, m.loginRequired);
    await refused(stranger.cookie, id, 'release', body, 404, m.notFound);
    await refused(buyer.cookie, id, 'release', body, 403, m.notYourStep);
    await refused(seller.cookie, id, 'release', body, 403, m.notYourStep);
    await refused(moderator.cookie, id, 'release', body, 403, m.adminOnly);
    expect(await snapshot(id)).toEqual(before);
    expect((await stepView(admin.cookie, id, 'release', body)).state).toBe('completed');
    expect((await auditsOf(id)).map((a) => a.action)).toEqual([
      'trade.take',
      'trade.payment_confirm',
      'trade.release',
    ]);
  });

  it('refund: a moderator may not cancel after payment; an admin refunds, audited', async () => {
    const { id, buyer, seller } = await tradeUpTo('awaiting_delivery', { heldBy: moderator });
    const stranger = await member();
    const body = { reason: 'Vendedor não entregou', endToEndId: nextEndToEndId() };
    const before = await snapshot(id);
    await refused(undefined, id, 'cancel', body, 401, m.loginRequired);
    await refused(stranger.cookie, id, 'cancel', body, 404, m.notFound);
    await refused(buyer.cookie, id, 'cancel', body, 403, m.cancelAfterPayment);
    await refused(seller.cookie, id, 'cancel', body, 403, m.cancelAfterPayment);
    await refused(moderator.cookie, id, 'cancel', body, 403, m.cancelAfterPayment);
    expect(await snapshot(id)).toEqual(before);
    expect((await stepView(admin.cookie, id, 'cancel', body)).state).toBe('refunded');
    const refund = (await auditsOf(id)).find((a) => a.action === 'trade.refund');
    expect(refund).toMatchObject({ actorId: admin.id });
    expect(refund?.details).toMatchObject({
      endToEndId: body.endToEndId,
      reason: body.reason,
      amountCents: 10_000,
    });
  });

  it('before payment a moderator cancels, audited as trade.cancel; a party cancelling is not audited', async () => {
    const byStaff = await tradeUpTo('awaiting_payment');
    await step(moderator.cookie, byStaff.id, 'cancel', { reason: 'Anúncio irregular' });
    expect((await auditsOf(byStaff.id)).map((a) => [a.action, a.actorId])).toEqual([
      ['trade.cancel', moderator.id],
    ]);
    const byBuyer = await tradeUpTo('awaiting_payment');
    await step(byBuyer.buyer.cookie, byBuyer.id, 'cancel', { reason: 'Mudei de ideia' });
    expect(await auditsOf(byBuyer.id)).toEqual([]);
  });

  it('dispute: a moderator recommends and reads the credentials; only an admin decides', async () => {
    const { id, buyer, seller } = await tradeUpTo('delivered', { heldBy: moderator });
    await step(buyer.cookie, id, 'dispute', { reason: 'A conta veio sem a skin' });
    const stranger = await member();
    const decision = {
      decision: 'refund',
      reason: 'A skin não estava na conta',
      endToEndId: nextEndToEndId(),
    };
    const recommendation = { decision: 'refund', reason: 'As fotos mostram a conta sem a skin' };
    const before = await snapshot(id);
    for (const path of ['dispute/decision', 'dispute/recommendation']) {
      const body = path === 'dispute/decision' ? decision : recommendation;
      await refused(undefined, id, path, body, 401, m.loginRequired);
      await refused(stranger.cookie, id, path, body, 404, m.notFound);
      await refused(buyer.cookie, id, path, body, 403, m.notYourStep);
      await refused(seller.cookie, id, path, body, 403, m.notYourStep);
    }
    await refused(moderator.cookie, id, 'dispute/decision', decision, 403, m.adminOnly);
    expect(await snapshot(id)).toEqual(before);

    const modView = await view(moderator.cookie, id);
    expect(modView.actions).toEqual(expect.arrayContaining(['recommend_decision', 'reveal_credentials']));
    expect(modView.actions).not.toContain('decide_dispute');
    const recommended = await stepView(moderator.cookie, id, 'dispute/recommendation', recommendation);
    expect(recommended.state).toBe('disputed');
    expect(recommended.dispute?.recommendation).toEqual({
      decision: 'refund',
      reason: recommendation.reason,
      byName: expect.any(String),
    });
    expect(recommended.events.at(-1)?.kind).toBe('decision_recommended');
    expect(await ledgerOf(id)).toEqual(['payment']);
    expect((await step(moderator.cookie, id, 'credentials')).json()).toEqual({
      credentials: 'login: heroi / senha: s3nh4',
    });

    const adminView = await view(admin.cookie, id);
    expect(adminView.actions).toContain('decide_dispute');
    expect(adminView.actions).not.toContain('recommend_decision');
    expect((await stepView(admin.cookie, id, 'dispute/decision', decision)).state).toBe('refunded');
    expect((await auditsOf(id)).map((a) => [a.action, a.actorId])).toEqual([
      ['trade.take', moderator.id],
      ['trade.payment_confirm', admin.id],
      ['trade.recommend', moderator.id],
      ['trade.credentials_reveal', moderator.id],
      ['trade.dispute_refund', admin.id],
    ]);
  });

  it('take-over: an admin takes a trade another staff member holds, with a reason, audited and in the history', async () => {
    const { id, buyer } = await tradeUpTo('awaiting_payment');
    const stranger = await member();
    // Nobody holds it yet: there is nothing to take over.
    await refused(admin.cookie, id, 'take-over', { reason: 'Assumindo o caso' }, 403, m.notYourStep);
    await step(moderator.cookie, id, 'take');
    const before = await snapshot(id);
    await refused(undefined, id, 'take-over', { reason: 'Assumindo o caso' }, 401, m.loginRequired);
    await refused(stranger.cookie, id, 'take-over', { reason: 'Assumindo o caso' }, 404, m.notFound);
    await refused(buyer.cookie, id, 'take-over', { reason: 'Assumindo o caso' }, 403, m.notYourStep);
    await refused(
      otherModerator.cookie,
      id,
      'take-over',
      { reason: 'Assumindo o caso' },
      403,
      m.alreadyTaken,
    );
    await refused(moderator.cookie, id, 'take-over', { reason: 'Assumindo o caso' }, 403, m.notYourStep);
    await refused(admin.cookie, id, 'take-over', { reason: 'x' }, 400, m.reasonRequired);
    expect(await snapshot(id)).toEqual(before);
    expect((await view(admin.cookie, id)).actions).toContain('take_over');

    const taken = await stepView(admin.cookie, id, 'take-over', { reason: 'Moderador de férias' });
    expect(taken.intermediary?.id).toBe(admin.id);
    expect(taken.events.at(-1)).toMatchObject({ kind: 'staff_taken_over', actorRole: 'intermediador' });
    expect(taken.events.at(-1)?.text).toContain('Moderador de férias');
    const audit = (await auditsOf(id)).find((a) => a.action === 'trade.take_over');
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(audit?.details).toMatchObject({
      previousIntermediaryId: moderator.id,
      reason: 'Moderador de férias',
    });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, moderator.id), eq(notifications.link, `/intermediacao/${id}`)));
    expect(told.map((n) => n.body)).toContainEqual(expect.stringContaining(m.takenOver));
    // The admin holds it now: the moderator no longer acts on it, and there is nothing to take over.
    await refused(moderator.cookie, id, 'cancel', { reason: 'Quero cancelar' }, 403, m.alreadyTaken);
    await refused(admin.cookie, id, 'take-over', { reason: 'De novo, por engano' }, 403, m.notYourStep);
  });
});

describe('account sales: the warranty window', () => {
  const warrantyHours = TRADE_TIMERS.accountWarrantyDays * 24;

  it("holds the payout for the warranty days after the buyer's confirmation; the sweep at its end makes it due, key fixed", async () => {
    const { id, seller, buyer, pixKey } = await tradeUpTo('delivered', { kind: 'accounts' });
    const confirmedAt = advance(1);
    const room = await stepView(buyer.cookie, id, 'delivery/confirm');
    const endsAt = new Date(confirmedAt.getTime() + warrantyHours * HOUR).toISOString();
    expect(room.state).toBe('in_warranty');
    expect(room.warranty).toEqual({ endsAt });
    expect(room.deadline).toEqual({ state: 'in_warranty', at: endsAt });
    expect(room.payout).toBeNull();
    expect((await rowOf(id))?.payoutPixKey).toBeNull();
    // Nothing is paid inside the window, and the seller may not open a dispute.
    const before = await snapshot(id);
    await refused(admin.cookie, id, 'release', { endToEndId: nextEndToEndId() }, 409, m.stateChanged);
    await refused(seller.cookie, id, 'dispute', { reason: 'Comprador sumiu' }, 409, m.disputeNotAllowed);
    expect(await snapshot(id)).toEqual(before);

    await t.app.tradeTimers.sweep(advance(warrantyHours - 2));
    expect((await rowOf(id))?.state).toBe('in_warranty');
    const end = advance(2);
    await t.app.tradeTimers.sweep(end);
    const due = await view(admin.cookie, id);
    expect(due.state).toBe('awaiting_release');
    expect(due.payout).toMatchObject({ keyType: 'email', pixKey, dueAt: end.toISOString() });
    expect(due.events.at(-1)?.kind).toBe('warranty_ended');
    await step(admin.cookie, id, 'release', { endToEndId: nextEndToEndId() });
    expect((await rowOf(id))?.state).toBe('completed');
  });

  it('lets the buyer claim inside the window; an admin refunds', async () => {
    const { id, buyer } = await tradeUpTo('confirmed', { kind: 'accounts' });
    expect((await rowOf(id))?.state).toBe('in_warranty');
    advance(warrantyHours - 1);
    expect((await view(buyer.cookie, id)).actions).toContain('open_dispute');
    const claimed = await stepView(buyer.cookie, id, 'dispute', { reason: 'O vendedor recuperou a conta' });
    expect(claimed.state).toBe('disputed');
    expect(claimed.dispute).toMatchObject({ openedBy: 'comprador' });
    // The warranty's end no longer applies once claimed.
    await t.app.tradeTimers.sweep(advance(2));
    expect((await rowOf(id))?.state).toBe('disputed');
    const refunded = await stepView(admin.cookie, id, 'dispute/decision', {
      decision: 'refund',
      reason: 'A conta foi recuperada pelo vendedor',
      endToEndId: nextEndToEndId(),
    });
    expect(refunded.state).toBe('refunded');
    expect(await ledgerOf(id)).toEqual(['payment', 'refund', 'refund_payout']);
  });
});

describe('the dispute decision deadline', () => {
  it('is 48 business hours after opening; a sweep past it flags the dispute once', async () => {
    // Friday 15:00 in Brasília: 9 hours of Friday, none of the weekend, 24 of Monday, 15 of Tuesday.
    clock = new Date('2026-11-27T18:00:00Z');
    const { id, buyer } = await tradeUpTo('awaiting_delivery');
    const openedAt = advance(0);
    const opened = await stepView(buyer.cookie, id, 'dispute', { reason: 'Nada foi entregue' });
    const decideBy = businessHoursAfter(openedAt, 48);
    expect(decideBy.toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(opened.deadline).toEqual({ state: 'disputed', at: decideBy.toISOString() });
    expect(opened.dispute?.decideBy).toBe(decideBy.toISOString());
    expect((await rowOf(id))?.deadlineAt?.toISOString()).toBe(decideBy.toISOString());

    await t.app.tradeTimers.sweep(new Date(decideBy.getTime() - 60_000));
    expect((await rowOf(id))?.flaggedAt).toBeNull();
    const late = new Date(decideBy.getTime() + 60_000);
    await t.app.tradeTimers.sweep(late);
    await t.app.tradeTimers.sweep(new Date(late.getTime() + HOUR));
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: 'disputed', flaggedAt: late });
    expect((await eventsOf(id)).filter((k) => k === 'flagged')).toHaveLength(1);
    const desk = (await api.as(admin.cookie).get('/api/trades?scope=desk')).json() as TradeList;
    expect(desk.trades.find((x) => x.id === id)?.flagged).toBe(true);
  });
});
