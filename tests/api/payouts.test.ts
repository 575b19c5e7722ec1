import { sellerShareCents } from '@shared/fees';
import { payoutIdFor } from '@shared/payout-process';
import type { PayoutDesk, PayoutView } from '@shared/payouts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, ledgerTransactions, notifications, payouts, trades } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { recordPayoutResult } from '../../src/server/modules/payouts';
import { payoutBecomesDue } from '../../src/server/modules/trades/payout-due';
import { createStaff, createUser } from '../factories/accounts';
import { createGames } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { signIn } from '../helpers/http';
import { inTestPsp, testIdentityOf } from '../helpers/payout-psp';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { nextEndToEndId, tradeThroughRoutes } from '../helpers/trade-routes';

let t: TestApp;
let gameId: number;
let admin: string;
let moderator: string;
let member: string;
const psp = inTestPsp();
const noHolds = { PAYOUT_HOLD_FIRST_SALES: '0', PAYOUT_HOLD_ABOVE_CENTS: '0' };

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '1000', ...noHolds },
    { payouts: { provider: psp.provider, identityOf: testIdentityOf } },
  );
  gameId = Object.values(await createGames(t.db))[0] as number;
  const adm = await createStaff(t.db, 'admin');
  admin = await signIn(t.app, adm.email, adm.password);
  const mod = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, mod.email, mod.password);
  const plain = await createUser(t.db);
  member = await signIn(t.app, plain.email, plain.password);
});
afterAll(() => t?.close());
beforeEach(() => psp.answer('paid'));

const api = apiOf(() => t);
const due = (priceCents?: number) =>
  tradeThroughRoutes(t, { adminCookie: admin, gameId, until: 'awaiting_release', priceCents });
const payoutOf = async (tradeId: number) => {
  const [row] = await t.db.select().from(payouts).where(eq(payouts.tradeId, tradeId));
  if (!row) throw new Error(`no payout for trade ${tradeId}`);
  return row;
};
const tradeOf = async (tradeId: number) => {
  const [row] = await t.db.select().from(trades).where(eq(trades.id, tradeId));
  return row;
};
const kindsOf = async (tradeId: number) =>
  (
    await t.db
      .select({ kind: ledgerTransactions.kind, e2e: ledgerTransactions.endToEndId })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.tradeId, tradeId))
  ).map((r) => r.kind);
const noticesOf = (userId: string, kind: 'payout_sent' | 'payout_failed' | 'trade_step') =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const sweep = () => t.app.payoutSender.sweep();

/** `n` trades like `templateId` (its parties, amount), each paid in the ledger and its payout due, written at once. */
async function duePayoutsLike(templateId: number, n: number): Promise<number[]> {
  const [template] = await t.db.select().from(trades).where(eq(trades.id, templateId));
  if (!template) throw new Error('no template');
  const { id: _id, ...columns } = template;
  const ledger = createLedger(t.db);
  return t.db.transaction(async (tx) => {
    const rows = await tx
      .insert(trades)
      .values(
        Array.from({ length: n }, () => ({
          ...columns,
          listingId: null,
          pixTxid: null,
          offerId: null,
          ticketId: null,
          state: 'awaiting_release' as const,
          payoutDueAt: new Date(),
          payoutPixKey: `email:${'x'}@exemplo.com.br`,
          payoutHolderName: 'Vendedora de Teste',
        })),
      )
      .returning();
    for (const row of rows) {
      await ledger.paymentConfirmed(tx, row, nextEndToEndId());
      await payoutBecomesDue(tx, row, new Date());
    }
    return rows.map((r) => r.id);
  });
}
const reconciled = async () => expect((await createLedger(t.db).reconcile()).problems).toEqual([]);

describe('the payout process with an automatic provider', () => {
  it('makes the payout due in the trade step, sends it once and books it once', async () => {
    const trade = await due(10_000);
    const before = await payoutOf(trade.id);
    expect(before).toMatchObject({
      state: 'due',
      amountCents: sellerShareCents(10_000),
      pspId: payoutIdFor(trade.id),
      pixKey: `email:${trade.pixKey}`,
    });
    expect(await kindsOf(trade.id)).toEqual(['payment']);

    const run = await sweep();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const after = await payoutOf(trade.id);
    expect(after.state).toBe('paid');
    expect(after.endToEndId).toMatch(/^E/);
    expect(psp.sends.get(before.pspId)).toBe(1);
    const row = await tradeOf(trade.id);
    expect(row?.state).toBe('completed');
    expect(row?.payoutEndToEndId).toBe(after.endToEndId);
    expect((await kindsOf(trade.id)).sort()).toEqual(['payment', 'payout', 'release']);

    // A replay (the webhook after the reply, a read-back) and another run change nothing.
    const reading = psp.made.get(before.pspId)?.reading;
    if (!reading) throw new Error('no reading');
    expect(await recordPayoutResult(t.db, before.pspId, reading)).toBe('unchanged');
    await sweep();
    expect(psp.sends.get(before.pspId)).toBe(1);
    expect((await kindsOf(trade.id)).length).toBe(3);
    expect(await noticesOf(trade.seller.id, 'payout_sent')).toHaveLength(1);
    await reconciled();

    // The seller reads the timeline: the key masked, the E2E id, the time it took.
    const res = await api.as(trade.seller.cookie).get(`/api/trades/${trade.id}/payout`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as PayoutView;
    expect(view.state).toBe('paid');
    expect(view.pixKey).not.toContain(trade.pixKey);
    expect(view.pixKey).toContain('•••');
    expect(view.timeline.at(-1)?.text).toMatch(/^Repasse enviado às \d\d:\d\d · E2E E/);
    expect(view.secondsToPay).toBeGreaterThanOrEqual(0);
    const mine = await api.as(trade.seller.cookie).get('/api/payouts/mine');
    expect((mine.json() as { payouts: PayoutView[] }).payouts.map((p) => p.tradeId)).toContain(trade.id);
  });

  it('refused: failed, back on the desk and the seller told; a new key sends it again under a new id, paid', async () => {
    const trade = await due();
    psp.answer('refused');
    await sweep();
    const failed = await payoutOf(trade.id);
    expect(failed.state).toBe('failed');
    expect(failed.failureReason).toContain('não pertence ao CPF');
    expect(await kindsOf(trade.id)).toEqual(['payment']);
    const [told] = await noticesOf(trade.seller.id, 'payout_failed');
    expect(told?.body).toContain('não foi realizado');
    const desk = (await api.as(admin).get('/api/staff/payouts')).json() as PayoutDesk;
    expect(desk.payouts[0]?.state).toBe('failed');
    expect(desk.counts.failed).toBeGreaterThanOrEqual(1);

    // The seller fixes the key: a new default key takes the payout back to due, with the next id.
    psp.answer('paid');
    const added = await api
      .as(trade.seller.cookie)
      .post('/api/pix-keys', { type: 'email', key: 'nova.chave@exemplo.com.br' });
    expect(added.statusCode, added.body).toBe(201);
    const made = await api
      .as(trade.seller.cookie)
      .put(`/api/pix-keys/${(added.json() as { id: number }).id}/default`, {
        password: trade.seller.password,
      });
    expect(made.statusCode, made.body).toBe(200);
    const again = await payoutOf(trade.id);
    expect(again).toMatchObject({
      state: 'due',
      attempt: 1,
      pspId: payoutIdFor(trade.id, 1),
      pixKey: 'email:nova.chave@exemplo.com.br',
    });
    await sweep();
    expect((await payoutOf(trade.id)).state).toBe('paid');
    expect(psp.made.get(payoutIdFor(trade.id, 1))?.order.key.value).toBe('nova.chave@exemplo.com.br');
    expect((await kindsOf(trade.id)).sort()).toEqual(['payment', 'payout', 'release']);
    await reconciled();
  });

  it('a change of the seller key after the payout is due does not redirect it', async () => {
    const trade = await due();
    const added = await api
      .as(trade.seller.cookie)
      .post('/api/pix-keys', { type: 'email', key: 'outra.chave@exemplo.com.br' });
    const made = await api
      .as(trade.seller.cookie)
      .put(`/api/pix-keys/${(added.json() as { id: number }).id}/default`, {
        password: trade.seller.password,
      });
    expect(made.statusCode, made.body).toBe(200);
    await sweep();
    const sent = psp.made.get(payoutIdFor(trade.id));
    expect(sent?.order.key.value).toBe(trade.pixKey);
    expect((await payoutOf(trade.id)).pixKey).toBe(`email:${trade.pixKey}`);
  });

  it('a payout left sending (the answer lost after the PSP paid) is read back and booked once', async () => {
    const trade = await due();
    psp.answer('accepted-then-lost');
    await sweep();
    const left = await payoutOf(trade.id);
    expect(left.state).toBe('sending');
    expect(await kindsOf(trade.id)).toEqual(['payment']);
    // As after a restart: the read-back's time comes, a second process sweeps too.
    await t.db
      .update(payouts)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(payouts.id, left.id));
    const other = await t.alongside(noHolds, {
      payouts: { provider: psp.provider, identityOf: testIdentityOf },
    });
    try {
      await Promise.all([sweep(), other.app.payoutSender.sweep()]);
    } finally {
      await other.close();
    }
    expect((await payoutOf(trade.id)).state).toBe('paid');
    expect(psp.sends.get(left.pspId)).toBe(1);
    expect((await kindsOf(trade.id)).sort()).toEqual(['payment', 'payout', 'release']);
    await reconciled();
  });

  it('the PSP unavailable: the send waits for the read-back, finds nothing under its id and sends it again, once paid', async () => {
    const trade = await due();
    psp.answer('unavailable');
    await sweep();
    expect((await payoutOf(trade.id)).state).toBe('sending');
    psp.answer('paid');
    await t.db
      .update(payouts)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(payouts.tradeId, trade.id));
    await sweep();
    expect((await payoutOf(trade.id)).state).toBe('paid');
    expect(psp.sends.get(payoutIdFor(trade.id))).toBe(2);
    expect(psp.paidSends().filter((s) => s.order.tradeId === trade.id)).toHaveLength(1);
  });

  it('pause stops every send until an admin resumes (both audited)', async () => {
    const paused = await api.as(admin).post('/api/staff/payouts/pause', { reason: 'Incidente no PSP' });
    expect(paused.statusCode, paused.body).toBe(204);
    const trade = await due();
    await sweep();
    expect((await payoutOf(trade.id)).state).toBe('due');
    expect(psp.sends.get(payoutIdFor(trade.id))).toBeUndefined();
    const desk = (await api.as(admin).get('/api/staff/payouts')).json() as PayoutDesk;
    expect(desk).toMatchObject({ paused: true, pausedReason: 'Incidente no PSP' });
    expect((await api.as(admin).post('/api/staff/payouts/resume')).statusCode).toBe(204);
    await sweep();
    expect((await payoutOf(trade.id)).state).toBe('paid');
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payout.pause', 'payout.resume']));
  });

  it('a failed payout is taken by hand and paid by an admin with its E2E id (pay_by_hand)', async () => {
    const trade = await due();
    psp.answer('refused');
    await sweep();
    expect((await api.as(admin).post(`/api/staff/payouts/${trade.id}/by-hand`)).statusCode).toBe(204);
    expect((await payoutOf(trade.id)).state).toBe('manual');
    await sweep();
    expect((await payoutOf(trade.id)).state).toBe('manual');
    const endToEndId = nextEndToEndId();
    const paid = await api.as(admin).post(`/api/trades/${trade.id}/release`, { endToEndId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await payoutOf(trade.id)).toMatchObject({ state: 'paid', endToEndId });
    await reconciled();
  });

  it('a dispute withdraws a due payout; decided for the seller it is due again under a new id', async () => {
    const trade = await due();
    const opened = await api
      .as(trade.buyer.cookie)
      .post(`/api/trades/${trade.id}/dispute`, { reason: 'O item sumiu do meu inventário.' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await payoutOf(trade.id)).state).toBe('withdrawn');
    await sweep();
    expect(psp.sends.get(payoutIdFor(trade.id))).toBeUndefined();
    const decided = await api.as(admin).post(`/api/trades/${trade.id}/dispute/decision`, {
      decision: 'release',
      reason: 'Entrega comprovada.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await payoutOf(trade.id)).toMatchObject({ state: 'due', pspId: payoutIdFor(trade.id, 1) });
    await sweep();
    expect((await payoutOf(trade.id)).state).toBe('paid');
    await reconciled();
  });

  it('100 due payouts swept by two runners at once: each sent and booked exactly once, the ledger zero-sum', async () => {
    // One trade through the routes; 99 more like it written at once (paid, confirmed, their payouts due).
    const first = await tradeThroughRoutes(t, { adminCookie: admin, gameId, until: 'awaiting_delivery' });
    await api.as(admin).post('/api/staff/payouts/pause', { reason: 'Preparando os 100 repasses' });
    const made = [first.id, ...(await duePayoutsLike(first.id, 99))];
    await api.as(first.seller.cookie).post(`/api/trades/${first.id}/delivery`, { note: 'Item entregue' });
    await api.as(first.buyer.cookie).post(`/api/trades/${first.id}/delivery/confirm`);
    await api.as(admin).post('/api/staff/payouts/resume');
    expect(
      (await t.db.select().from(payouts).where(eq(payouts.state, 'due'))).map((p) => p.tradeId).sort(),
    ).toEqual([...made].sort());
    const other = await t.alongside(noHolds, {
      payouts: { provider: psp.provider, identityOf: testIdentityOf },
    });
    try {
      for (let round = 0; round < 5; round += 1) {
        await Promise.all([sweep(), other.app.payoutSender.sweep()]);
      }
    } finally {
      await other.close();
    }
    for (const id of made) {
      expect(psp.sends.get(payoutIdFor(id)), `trade ${id}`).toBe(1);
      expect((await payoutOf(id)).state).toBe('paid');
      expect((await kindsOf(id)).sort()).toEqual(['payment', 'payout', 'release']);
    }
    await reconciled();
  }, 120_000);
});

describe('risk holds', () => {
  it('holds a first sale until its end date (the seller sees it), then the timer makes it due; an admin may end it early (audited)', async () => {
    const holding = await t.alongside(
      { PAYOUT_HOLD_FIRST_SALES: '3', PAYOUT_HOLD_FIRST_SALES_HOURS: '24', PAYOUT_HOLD_ABOVE_CENTS: '0' },
      { payouts: { provider: psp.provider, identityOf: testIdentityOf } },
    );
    try {
      const first = await due();
      const second = await due();
      await holding.app.payoutSender.sweep();
      const held = await payoutOf(first.id);
      expect(held.state).toBe('held');
      expect(held.heldUntil?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
      const seen = (
        await api.as(first.seller.cookie).get(`/api/trades/${first.id}/payout`)
      ).json() as PayoutView;
      expect(seen.heldUntil).toBe(held.heldUntil?.toISOString());
      expect(seen.holdReason).toContain('primeiras vendas');
      expect(psp.sends.get(payoutIdFor(first.id))).toBeUndefined();

      // The hold's end passes: the timer makes it due, and it goes.
      await t.db
        .update(payouts)
        .set({ heldUntil: new Date(Date.now() - 1000) })
        .where(eq(payouts.tradeId, first.id));
      await holding.app.payoutSender.sweep();
      expect((await payoutOf(first.id)).state).toBe('paid');

      // An admin ends the other hold early, with a reason.
      expect((await payoutOf(second.id)).state).toBe('held');
      const short = await api.as(admin).post(`/api/staff/payouts/${second.id}/hold-release`, { reason: 'x' });
      expect(short.statusCode).toBe(400);
      const released = await api
        .as(admin)
        .post(`/api/staff/payouts/${second.id}/hold-release`, { reason: 'Vendedor verificado por telefone' });
      expect(released.statusCode, released.body).toBe(204);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payout.hold_release'), eq(auditLog.targetId, String(second.id))));
      expect(audit?.details).toMatchObject({ reason: 'Vendedor verificado por telefone' });
      await holding.app.payoutSender.sweep();
      expect((await payoutOf(second.id)).state).toBe('paid');
    } finally {
      await holding.close();
    }
  });
});

describe('the manual provider (the default): Repasses as before', () => {
  it('sends nothing; an admin pays by hand with the E2E id and the payout is paid', async () => {
    const manual = await t.alongside(noHolds);
    try {
      const trade = await due();
      // The paused sender of this file's app would send it: only the manual app sweeps here.
      await api.as(admin).post('/api/staff/payouts/pause', { reason: 'Só o provedor manual neste teste' });
      await manual.app.payoutSender.sweep();
      expect((await payoutOf(trade.id)).state).toBe('due');
      expect(psp.sends.get(payoutIdFor(trade.id))).toBeUndefined();
      const listed = await manual.app.inject({
        method: 'GET',
        url: '/api/staff/trades-desk/payouts',
        headers: { cookie: admin },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const endToEndId = nextEndToEndId();
      const paid = await api.as(admin).post(`/api/trades/${trade.id}/release`, { endToEndId });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await payoutOf(trade.id)).toMatchObject({ state: 'paid', endToEndId });
      expect((await tradeOf(trade.id))?.state).toBe('completed');
    } finally {
      await api.as(admin).post('/api/staff/payouts/resume');
      await manual.close();
    }
  });
});

describe('who may use the payout routes', () => {
  it('every staff route: guest 401, member and moderator 403, admin allowed', async () => {
    const trade = await due();
    const routes: [string, string, object?][] = [
      ['GET', '/api/staff/payouts'],
      ['POST', '/api/staff/payouts/pause', { reason: 'Teste de permissão' }],
      ['POST', '/api/staff/payouts/resume'],
      ['POST', `/api/staff/payouts/${trade.id}/hold-release`, { reason: 'Teste de permissão' }],
      ['POST', `/api/staff/payouts/${trade.id}/by-hand`],
    ];
    for (const [method, url, body] of routes) {
      const send = (who: string | null) =>
        api.as(who).request(method as 'GET' | 'POST', url, body ?? (method === 'POST' ? {} : undefined));
      expect((await send(null)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(member)).statusCode, `${method} ${url} member`).toBe(403);
      expect((await send(trade.seller.cookie)).statusCode, `${method} ${url} seller`).toBe(403);
      expect((await send(moderator)).statusCode, `${method} ${url} moderator`).toBe(403);
      // The admin passes the guard: the step itself may refuse (409: not held, not failed).
      expect([200, 204, 409], `${method} ${url} admin`).toContain((await send(admin)).statusCode);
    }
    await api.as(admin).post('/api/staff/payouts/resume');
  });

  it("a trade's payout: its seller and admins read it; guest, buyer, another member and a moderator do not", async () => {
    const trade = await due();
    const url = `/api/trades/${trade.id}/payout`;
    expect((await api.as().get(url)).statusCode).toBe(401);
    expect((await api.as(trade.buyer.cookie).get(url)).statusCode).toBe(403);
    expect((await api.as(member).get(url)).statusCode).toBe(403);
    expect((await api.as(moderator).get(url)).statusCode).toBe(403);
    expect((await api.as(trade.seller.cookie).get(url)).statusCode).toBe(200);
    const full = (await api.as(admin).get(url)).json() as PayoutView;
    expect(full.pixKey).toBe(trade.pixKey);
    expect((await api.as().get('/api/payouts/mine')).statusCode).toBe(401);
    const others = (await api.as(member).get('/api/payouts/mine')).json() as { payouts: PayoutView[] };
    expect(others.payouts).toEqual([]);
  });
});
