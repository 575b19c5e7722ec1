import { sellerShareCents } from '@shared/fees';
import { maskPixKey } from '@shared/pix';
import type { PayoutsPage } from '@shared/trades-desk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trades } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { createGames } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { nextEndToEndId, tradeThroughRoutes } from '../helpers/trade-routes';

let t: TestApp;
let gameId: number;
let admin: string;
let moderator: string;
let member: string;

beforeAll(async () => {
  // Dozens of members sign in from one address: the per-address credential limit is not what this file tests.
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  gameId = Object.values(await createGames(t.db))[0] as number;
  const adm = await createStaff(t.db, 'admin');
  admin = await signIn(t.app, adm.email, adm.password);
  const mod = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, mod.email, mod.password);
  const plain = await createUser(t.db);
  member = await signIn(t.app, plain.email, plain.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);
const payouts = async (cookie: string) => {
  const res = await api.as(cookie).get('/api/staff/trades-desk/payouts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PayoutsPage;
};
const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);

describe('Repasses: the payouts due on the staff desk', () => {
  it('is closed to guests (401) and members (403)', async () => {
    expect((await api.as().get('/api/staff/trades-desk/payouts')).statusCode).toBe(401);
    const res = await api.as(member).get('/api/staff/trades-desk/payouts');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('FORBIDDEN');
  });

  it('lists the payouts due oldest first, with the amount after the fee and the key in full for admins', async () => {
    const recent = await tradeThroughRoutes(t, { adminCookie: admin, gameId, until: 'awaiting_release' });
    const old = await tradeThroughRoutes(t, {
      adminCookie: admin,
      gameId,
      until: 'awaiting_release',
      priceCents: 12_345,
    });
    const keyless = await tradeThroughRoutes(t, {
      adminCookie: admin,
      gameId,
      until: 'awaiting_release',
      pixKey: false,
    });
    const notDue = await tradeThroughRoutes(t, { adminCookie: admin, gameId, until: 'awaiting_delivery' });
    // The one made second became due first; a seller with the Prata seal pays 4,25 %.
    await t.db
      .update(trades)
      .set({ payoutDueAt: hoursAgo(30), feeRateBps: 425 })
      .where(eq(trades.id, old.id));
    await t.db
      .update(trades)
      .set({ payoutDueAt: hoursAgo(2) })
      .where(eq(trades.id, recent.id));
    await t.db
      .update(trades)
      .set({ payoutDueAt: hoursAgo(1) })
      .where(eq(trades.id, keyless.id));

    const page = await payouts(admin);
    expect(page.payouts.map((p) => p.id)).toEqual([old.id, recent.id, keyless.id]);
    expect(page.payouts.map((p) => p.id)).not.toContain(notDue.id);
    expect(page.total).toBe(3);
    const [first, second, third] = page.payouts;
    expect(first).toMatchObject({
      listingTitle: old.title,
      amountCents: 12_345,
      payoutCents: sellerShareCents(12_345, 425),
      feeCents: 12_345 - sellerShareCents(12_345, 425),
      keyType: 'email',
      pixKey: old.pixKey,
      pixKeyToCopy: old.pixKey,
      fullKey: true,
      sellerName: old.seller.nickname,
      dueAt: expect.any(String),
    });
    expect(first?.payoutCents).toBe(11_820);
    expect(first?.holderName).toBeTruthy();
    expect(second).toMatchObject({ payoutCents: 9_500, pixKey: recent.pixKey });
    expect(third).toMatchObject({ keyType: null, pixKey: null, pixKeyToCopy: null, holderName: null });
    expect(Date.parse(first?.dueAt ?? '')).toBeLessThan(Date.parse(second?.dueAt ?? ''));

    // A moderator sees the same queue, the key masked and no holder's name.
    const masked = await payouts(moderator);
    expect(masked.payouts.map((p) => p.id)).toEqual([old.id, recent.id, keyless.id]);
    expect(masked.payouts[0]).toMatchObject({
      pixKey: maskPixKey('email', old.pixKey as string),
      pixKeyToCopy: null,
      holderName: null,
      fullKey: false,
      payoutCents: 11_820,
    });
    expect(JSON.stringify(masked)).not.toContain(old.pixKey as string);

    // The admin pays from the queue: the trade's own release with the transfer's E2E id; it leaves the queue.
    const refused = await api.as(moderator).post(`/api/trades/${old.id}/release`, {
      endToEndId: nextEndToEndId(),
    });
    expect(refused.statusCode).toBe(403);
    const bad = await api.as(admin).post(`/api/trades/${old.id}/release`, { endToEndId: 'E123' });
    expect(bad.statusCode).toBe(400);
    const paid = await api.as(admin).post(`/api/trades/${old.id}/release`, { endToEndId: nextEndToEndId() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await payouts(admin)).payouts.map((p) => p.id)).toEqual([recent.id, keyless.id]);
    const [row] = await t.db.select().from(trades).where(eq(trades.id, old.id));
    expect(row?.state).toBe('completed');
  });
});
