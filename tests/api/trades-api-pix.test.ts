import type { TradeView } from '@shared/trades';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, listings } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { type ApiPixMock, apiPixProviderFor, startApiPixMock } from '../helpers/api-pix-mock';
import { signIn } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

const SECRET = 'segredo-do-webhook-123';
let psp: ApiPixMock;
let provider: ReturnType<typeof apiPixProviderFor>;
let t: TestApp;
let gameId: number;

beforeAll(async () => {
  psp = await startApiPixMock();
  provider = apiPixProviderFor(psp);
  t = await createTestApp({ PIX_WEBHOOK_SECRET: SECRET }, { pix: { provider } });
  gameId = Object.values(await createGames(t.db))[0] as number;
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
  await psp?.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) } });
const webhook = (txid: string, valor: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pix/webhook?hmac=${SECRET}`,
    payload: { pix: [{ endToEndId: `E${'9'.repeat(31)}`, txid, valor, horario: new Date().toISOString() }] },
  });

/** Waits for what the PSP or the room shows, never for time. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function tradeAwaitingPayment() {
  const seller = await createUser(t.db);
  const buyer = await createUser(t.db);
  const sellerCookie = await signIn(t.app, seller.email, seller.password);
  const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: 'Conta Valorant Imortal',
    priceCents: 25_000,
  });
  await t.db.update(listings).set({ quantity: 1 }).where(eq(listings.id, listingId));
  const { id } = (await call('POST', '/api/trades', buyerCookie, { listingId })).json() as { id: number };
  const valued = await call('POST', `/api/trades/${id}/value`, sellerCookie, { amount: '250,00' });
  expect(valued.statusCode, valued.body).toBe(200);
  const room = (await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView;
  return { id, buyerCookie, room };
}

describe('a trade paid through API Pix', () => {
  it('shows the PSP’s copia-e-cola, and confirms only what the PSP reads back as paid in full', async () => {
    const { id, buyerCookie, room } = await tradeAwaitingPayment();
    const txid = room.charge?.txid as string;
    expect(room.charge).toMatchObject({ automatic: true, amountCents: 25_000 });
    expect(room.charge?.copiaECola).toBe(psp.cob(txid)?.pixCopiaECola);
    const stateOf = async () =>
      ((await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView).state;

    // A forged notification for an unpaid charge: the PSP is asked, says ATIVA, nothing moves.
    psp.resetCalls();
    expect((await webhook(txid, '250.00')).statusCode).toBe(200);
    await until(
      async () => psp.calls.get,
      (n) => n >= 1,
    );
    expect(await stateOf()).toBe('awaiting_payment');

    // Paid, but less than the amount: still nothing.
    psp.pay(txid, '2.50');
    psp.resetCalls();
    await webhook(txid, '250.00');
    await until(
      async () => psp.calls.get,
      (n) => n >= 1,
    );
    expect(await stateOf()).toBe('awaiting_payment');

    // Paid in full: confirmed by the system, money in escrow once, even when the PSP notifies twice.
    const e2e = psp.pay(txid);
    await Promise.all([webhook(txid, '0.01'), webhook(txid, '0.01')]);
    await until(stateOf, (s) => s === 'awaiting_delivery');
    const after = (await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView;
    expect(after.events.at(-1)).toMatchObject({ kind: 'payment_confirmed', actorName: null });
    expect(after.events.at(-1)?.text).toContain(e2e);
    await webhook(txid, '250.00');
    const moves = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.tradeId, id));
    expect(moves.map((mv) => mv.kind)).toEqual(['payment']);
  });

  it('confirms a paid charge whose notification never came at the next sweep, and survives a PSP that is down', async () => {
    const { id, buyerCookie, room } = await tradeAwaitingPayment();
    psp.state.down = true;
    await t.app.tradeTimers.sweep();
    psp.state.down = false;
    expect(((await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView).state).toBe(
      'awaiting_payment',
    );
    psp.pay(room.charge?.txid as string);
    await t.app.tradeTimers.sweep();
    expect(((await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView).state).toBe(
      'awaiting_delivery',
    );
  });

  it('refuses a webhook without the shared secret, changing nothing', async () => {
    const { id, buyerCookie, room } = await tradeAwaitingPayment();
    psp.pay(room.charge?.txid as string);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pix/webhook',
      payload: {
        pix: [
          {
            endToEndId: `E${'1'.repeat(31)}`,
            txid: room.charge?.txid,
            valor: '250.00',
            horario: new Date().toISOString(),
          },
        ],
      },
    });
    expect(res.statusCode).toBe(401);
    expect(((await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView).state).toBe(
      'awaiting_payment',
    );
  });
});
