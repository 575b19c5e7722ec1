import type { ReconciliationResult, TradesDeskPage } from '@shared/trades-desk';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoles, auditLog, trades, users } from '../../src/server/db/schema';
import { deletedEmailOf } from '../../src/server/modules/accounts/lifecycle';
import { createStaff, createUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let member: string;
let moderator: string;
let moderatorId: string;
let admin: string;
let adminId: string;
let buyerId: string;
let sellerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const plain = await createUser(t.db);
  member = await signIn(t.app, plain.email, plain.password);
  const mod = await createStaff(t.db, 'moderator');
  moderatorId = mod.id;
  moderator = await signIn(t.app, mod.email, mod.password);
  const adm = await createStaff(t.db, 'admin');
  adminId = adm.id;
  admin = await signIn(t.app, adm.email, adm.password);
  buyerId = (await createUser(t.db)).id;
  sellerId = (await createUser(t.db)).id;
});
afterAll(() => t?.close());

const api = apiOf(() => t);

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** A trade in `state`, waiting since `since` minutes ago. */
async function tradeIn(
  state: (typeof trades.$inferSelect)['state'],
  since: number,
  extra: Partial<typeof trades.$inferInsert> = {},
) {
  const { id } = await createTradeRow(t.db, { sellerId, buyerId, amountCents: 10_000 });
  const at = minutesAgo(since);
  await t.db
    .update(trades)
    .set({
      state,
      valueConfirmedAt: at,
      deliveryConfirmedAt: state === 'awaiting_release' ? at : null,
      disputeOpenedAt: state === 'disputed' ? at : null,
      ...extra,
    })
    .where(eq(trades.id, id));
  return id;
}

describe('trades desk', () => {
  it('is closed to guests and members; the reconciliation to moderators too', async () => {
    expect((await api.as().get('/api/staff/trades-desk')).statusCode).toBe(401);
    expect((await api.as(member).get('/api/staff/trades-desk')).statusCode).toBe(403);
    expect((await api.as(moderator).get('/api/staff/trades-desk')).statusCode).toBe(200);
    expect((await api.as().post('/api/staff/ledger/reconciliation')).statusCode).toBe(401);
    expect((await api.as(member).post('/api/staff/ledger/reconciliation')).statusCode).toBe(403);
    expect((await api.as(moderator).post('/api/staff/ledger/reconciliation')).statusCode).toBe(403);
  });

  it('lists what waits on staff, oldest wait first, filtered by reason; not what waits on the parties', async () => {
    const release = await tradeIn('awaiting_release', 30);
    const payment = await tradeIn('awaiting_payment', 90);
    const dispute = await tradeIn('disputed', 60);
    const flagged = await tradeIn('awaiting_delivery', 10, { flaggedAt: minutesAgo(120) });
    const delivery = await tradeIn('awaiting_delivery', 200);
    const done = await tradeIn('completed', 300);

    const all = (await api.as(moderator).get('/api/staff/trades-desk')).json() as TradesDeskPage;
    const ids = all.trades.map((trade) => trade.id);
    expect(ids).toEqual([flagged, payment, dispute, release]);
    expect(all.trades.map((trade) => trade.reason)).toEqual(['flagged', 'payment', 'dispute', 'release']);
    expect(ids).not.toContain(delivery);
    expect(ids).not.toContain(done);
    expect(all.total).toBe(4);

    const disputes = (
      await api.as(admin).get('/api/staff/trades-desk?reason=dispute')
    ).json() as TradesDeskPage;
    expect(disputes.trades.map((trade) => trade.id)).toEqual([dispute]);
    const flags = (await api.as(admin).get('/api/staff/trades-desk?reason=flagged')).json() as TradesDeskPage;
    expect(flags.trades.map((trade) => trade.id)).toEqual([flagged]);
    expect((await api.as(admin).get('/api/staff/trades-desk?reason=outro')).statusCode).toBe(400);
  });

  it('a search looks through trades in every state, not only what waits on staff', async () => {
    const seller = await createUser(t.db, { nickname: `Busca${Date.now().toString(36)}` });
    const states = [
      'awaiting_value',
      'awaiting_delivery',
      'awaiting_payment',
      'completed',
      'cancelled',
    ] as const;
    const ids: number[] = [];
    for (const state of states) {
      const { id } = await createTradeRow(t.db, { sellerId: seller.id, buyerId, amountCents: 5_000 });
      await t.db
        .update(trades)
        .set({ state, valueConfirmedAt: minutesAgo(5) })
        .where(eq(trades.id, id));
      ids.push(id);
    }
    const found = (
      await api.as(moderator).get(`/api/staff/trades-desk?q=${seller.nickname}`)
    ).json() as TradesDeskPage;
    expect(found.trades.map((trade) => trade.id).sort((a, b) => a - b)).toEqual(ids);
    expect(found.trades.find((trade) => trade.state === 'completed')?.reason).toBeNull();
    expect(found.trades.find((trade) => trade.state === 'awaiting_payment')?.reason).toBe('payment');
    const byNumber = (
      await api.as(moderator).get(`/api/staff/trades-desk?q=%23${ids[3]}`)
    ).json() as TradesDeskPage;
    expect(byNumber.trades.map((trade) => trade.id)).toEqual([ids[3]]);
    // A reason still narrows a search to what waits for it.
    const payments = (
      await api.as(moderator).get(`/api/staff/trades-desk?q=${seller.nickname}&reason=payment`)
    ).json() as TradesDeskPage;
    expect(payments.trades.map((trade) => trade.id)).toEqual([ids[2]]);
  });

  it('a moderator takes a trade from the desk with the trades’ own action; the desk shows who has it', async () => {
    const id = await tradeIn('disputed', 5);
    const take = await api.as(moderator).post(`/api/trades/${id}/take`, {});
    expect(take.statusCode, take.body).toBeLessThan(300);
    const desk = (await api.as(admin).get('/api/staff/trades-desk?reason=dispute')).json() as TradesDeskPage;
    expect(desk.trades.find((trade) => trade.id === id)).toMatchObject({ intermediaryId: moderatorId });
    expect(desk.trades.find((trade) => trade.id === id)?.intermediaryName).toBeTruthy();
  });

  it('lists a dispute past its decision deadline as overdue, before the other waits, and filters on it', async () => {
    const early = await tradeIn('disputed', 600, { deadlineAt: minutesAgo(-60) });
    const overdue = await tradeIn('disputed', 3000, { deadlineAt: minutesAgo(30) });
    const swept = await tradeIn('disputed', 4000, { deadlineAt: minutesAgo(90), flaggedAt: minutesAgo(80) });
    const all = (await api.as(moderator).get('/api/staff/trades-desk')).json() as TradesDeskPage;
    const reasonOf = (id: number) => all.trades.find((trade) => trade.id === id)?.reason;
    expect([reasonOf(early), reasonOf(overdue), reasonOf(swept)]).toEqual([
      'dispute',
      'overdue_dispute',
      'overdue_dispute',
    ]);
    const late = (
      await api.as(moderator).get('/api/staff/trades-desk?reason=overdue_dispute')
    ).json() as TradesDeskPage;
    // Oldest deadline first; the one still within its 48 business hours is not there.
    expect(late.trades.map((trade) => trade.id)).toEqual([swept, overdue]);
    expect(late.total).toBe(2);
    // Every dispute stays under 'Disputa'.
    const disputes = (
      await api.as(moderator).get('/api/staff/trades-desk?reason=dispute')
    ).json() as TradesDeskPage;
    expect(disputes.trades.map((trade) => trade.id)).toEqual(expect.arrayContaining([early, overdue, swept]));
  });

  it('lists open trades whose intermediary is no longer staff or deleted the account', async () => {
    const left = await createStaff(t.db, 'moderator');
    const gone = await createStaff(t.db, 'moderator');
    const present = await createStaff(t.db, 'moderator');
    const heldByLeft = await tradeIn('awaiting_delivery', 50, { intermediaryId: left.id });
    const heldByGone = await tradeIn('awaiting_delivery', 40, { intermediaryId: gone.id });
    const heldByPresent = await tradeIn('awaiting_delivery', 30, { intermediaryId: present.id });
    const finished = await tradeIn('completed', 20, { intermediaryId: left.id });
    // Data from before the hand-back existed: the role row removed, a tombstone with its role still there.
    await t.db.delete(adminRoles).where(eq(adminRoles.userId, left.id));
    await t.db
      .update(users)
      .set({ email: deletedEmailOf(gone.id) })
      .where(eq(users.id, gone.id));

    const orphans = (
      await api.as(moderator).get('/api/staff/trades-desk?reason=orphaned')
    ).json() as TradesDeskPage;
    const ids = orphans.trades.map((trade) => trade.id);
    expect(ids).toEqual([heldByLeft, heldByGone]);
    expect(orphans.trades.every((trade) => trade.reason === 'orphaned')).toBe(true);
    expect(ids).not.toContain(heldByPresent);
    expect(ids).not.toContain(finished);
    const all = (await api.as(moderator).get('/api/staff/trades-desk')).json() as TradesDeskPage;
    expect(all.trades.map((trade) => trade.id)).not.toContain(heldByPresent);
  });

  it('an admin runs the ledger reconciliation and reads its figures and problems', async () => {
    const res = await api.as(admin).post('/api/staff/ledger/reconciliation');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ReconciliationResult;
    expect(result.problems).toEqual([]);
    expect(result.figures).toHaveProperty('escrow');
    expect(Number.isNaN(Date.parse(result.checkedAt))).toBe(false);
    // The ledger is only read; the run itself is audited.
    const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(trades);
    expect(n?.n).toBeGreaterThan(0);
    const runs = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ledger.reconcile'));
    expect(runs).toEqual([
      expect.objectContaining({
        actorId: adminId,
        targetType: 'ledger',
        details: { problems: 0, checkedAt: result.checkedAt },
      }),
    ]);
    // A refused run (a moderator) writes nothing.
    await api.as(moderator).post('/api/staff/ledger/reconciliation');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'ledger.reconcile'))).toHaveLength(1);
  });
});
