import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorMessages } from '@shared/errors';
import { tradeTxid } from '@shared/pix-charge';
import { pixChargeMessages } from '@shared/pix-charge-messages';
import type { TradeView } from '@shared/trades';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { ledgerTransactions, listings } from '../../src/server/db/schema';
import { MAX_WEBHOOK_CALLS } from '../../src/server/http/rate-limits';
import { pixRoutes } from '../../src/server/modules/pix';
import { createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { type ApiPixMock, apiPixProviderFor, startApiPixMock } from '../helpers/api-pix-mock';
import { errorOf } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

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

const api = apiOf(() => t);
/** The URL the README tells operators to register at the PSP (here without the host, for `inject`). */
const REGISTERED = `/api/pix/webhook?hmac=${SECRET}`;
/** The PSP's callback to a registered webhook: `{webhookUrl}/pix`, with the body the OpenAPI defines. */
const notify = (txids: string[], { registered = REGISTERED, remoteAddress = '127.0.0.1' } = {}) => {
  const { url, body } = psp.callback(registered, txids);
  return t.app.inject({ method: 'POST', url, payload: body, remoteAddress });
};
const webhook = (txid: string) => notify([txid]);

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
  const sellerCookie = await sessionCookie(t, seller.id);
  const buyerCookie = await sessionCookie(t, buyer.id);
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: 'Conta Valorant Imortal',
    priceCents: 25_000,
  });
  await t.db.update(listings).set({ quantity: 1 }).where(eq(listings.id, listingId));
  const { id } = (await api.as(buyerCookie).post('/api/trades', { listingId })).json() as { id: number };
  const valued = await api.as(sellerCookie).post(`/api/trades/${id}/value`, { amount: '250,00' });
  expect(valued.statusCode, valued.body).toBe(200);
  const room = (await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView;
  return { id, buyerCookie, room };
}

describe('a trade paid through API Pix', () => {
  it('shows the PSP’s copia-e-cola, and confirms only what the PSP reads back as paid in full', async () => {
    const { id, buyerCookie, room } = await tradeAwaitingPayment();
    const txid = room.charge?.txid as string;
    expect(room.charge).toMatchObject({ automatic: true, amountCents: 25_000 });
    expect(room.charge?.copiaECola).toBe(psp.cob(txid)?.pixCopiaECola);
    const stateOf = async () =>
      ((await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView).state;

    // A forged notification for an unpaid charge: the PSP is asked, says ATIVA, nothing moves.
    psp.resetCalls();
    expect((await webhook(txid)).statusCode).toBe(200);
    await until(
      async () => psp.calls.get,
      (n) => n >= 1,
    );
    expect(await stateOf()).toBe('awaiting_payment');

    // Paid, but less than the amount: still nothing.
    psp.pay(txid, '2.50');
    psp.resetCalls();
    await webhook(txid);
    await until(
      async () => psp.calls.get,
      (n) => n >= 1,
    );
    expect(await stateOf()).toBe('awaiting_payment');

    // Paid in full: confirmed by the system, money in escrow once, even when the PSP notifies twice.
    const e2e = psp.pay(txid);
    await Promise.all([webhook(txid), webhook(txid)]);
    await until(stateOf, (s) => s === 'awaiting_delivery');
    const after = (await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView;
    expect(after.events.at(-1)).toMatchObject({ kind: 'payment_confirmed', actorName: null });
    expect(after.events.at(-1)?.text).toContain(e2e);
    await webhook(txid);
    const moves = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.tradeId, id));
    expect(moves.map((mv) => mv.kind)).toEqual(['payment']);
  });

  it('confirms a paid charge whose notification never came at the next recheck, and survives a PSP that is down', async () => {
    const { id, buyerCookie, room } = await tradeAwaitingPayment();
    psp.state.down = true;
    // The run fails (its job retries it and Sistema shows it); the trade waits as it was.
    await expect(t.app.recheckWaitingCharges()).rejects.toThrow(/sem resposta do PSP/);
    psp.state.down = false;
    expect(((await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView).state).toBe(
      'awaiting_payment',
    );
    psp.pay(room.charge?.txid as string);
    expect(await t.app.recheckWaitingCharges()).toBeGreaterThanOrEqual(1);
    expect(((await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView).state).toBe(
      'awaiting_delivery',
    );
  });

  it('refuses a webhook without the shared secret or with a wrong one, changing nothing and asking the PSP nothing', async () => {
    const { id, buyerCookie, room } = await tradeAwaitingPayment();
    const txid = room.charge?.txid as string;
    psp.pay(txid);
    psp.resetCalls();
    const { body } = psp.callback(REGISTERED, [txid]);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/pix/webhook', payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(errorOf(unsigned).message).toBe(pixChargeMessages.webhookUnauthorized);
    for (const registered of [
      '/api/pix/webhook?hmac=segredo-errado-123456',
      `/api/pix/webhook?hmac=${SECRET}x`,
      `/api/pix/webhook?hmac=x${SECRET}`,
    ]) {
      const res = await notify([txid], { registered });
      expect(res.statusCode, registered).toBe(401);
      expect(errorOf(res).message).toBe(pixChargeMessages.webhookUnauthorized);
    }
    // The secret after a path no PSP makes: the route is gone.
    const old = await t.app.inject({
      method: 'POST',
      url: `/api/pix/webhook/pix?hmac=${SECRET}`,
      payload: body,
    });
    expect(old.statusCode).toBe(404);
    expect(psp.calls.get).toBe(0);
    expect(((await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView).state).toBe(
      'awaiting_payment',
    );
  });
});

describe('the PSP webhook', () => {
  it('is called back at the registered URL followed by /pix, as API Pix makes it, and confirms the payment', async () => {
    const { id, buyerCookie, room } = await tradeAwaitingPayment();
    const txid = room.charge?.txid as string;
    psp.pay(txid);
    const { url, body } = psp.callback(REGISTERED, [txid]);
    // `{webhookUrl}/pix` appended literally: the secret's value now ends in '/pix'.
    expect(url).toBe(`/api/pix/webhook?hmac=${SECRET}/pix`);
    const res = await t.app.inject({ method: 'POST', url, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: 1 });
    const paid = await until(
      async () => ((await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView).state,
      (state) => state === 'awaiting_delivery',
    );
    expect(paid).toBe('awaiting_delivery');
  });

  it('asks the PSP only about charges of ours still awaiting payment', async () => {
    const done = await tradeAwaitingPayment();
    const doneTxid = done.room.charge?.txid as string;
    psp.pay(doneTxid);
    await webhook(doneTxid);
    const stateOf = async (trade: { id: number; buyerCookie: string }) =>
      ((await api.as(trade.buyerCookie).get(`/api/trades/${trade.id}`)).json() as TradeView).state;
    await until(
      () => stateOf(done),
      (state) => state === 'awaiting_delivery',
    );

    const open = await tradeAwaitingPayment();
    const openTxid = open.room.charge?.txid as string;
    psp.pay(openTxid);
    psp.resetCalls();
    // Unknown txids (of the right shape) and a charge already paid, before the one open charge.
    const unknown = [tradeTxid(900_001), tradeTxid(900_002), 'a'.repeat(35)];
    const res = await notify([...unknown, doneTxid, openTxid]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: 5 });
    await until(
      () => stateOf(open),
      (state) => state === 'awaiting_delivery',
    );
    // Their lookups were sent before the open charge's, which needed the PSP and a transaction besides.
    expect(psp.calls.get).toBe(1);
  });

  it('counts notifications per address, wrong secrets included, and stops them past the limit', async () => {
    const { room } = await tradeAwaitingPayment();
    const txid = room.charge?.txid as string;
    const guesser = '10.7.7.7';
    for (let i = 0; i < MAX_WEBHOOK_CALLS; i++) {
      const res = await notify([txid], {
        registered: `/api/pix/webhook?hmac=chute-${i}`,
        remoteAddress: guesser,
      });
      expect(res.statusCode).toBe(401);
    }
    const stopped = await notify([txid], { remoteAddress: guesser });
    expect(stopped.statusCode).toBe(429);
    expect(errorOf(stopped).message).toBe(errorMessages.rateLimited);
    // The PSP's own address is counted apart.
    expect((await notify([txid], { remoteAddress: '10.7.7.8' })).statusCode).toBe(200);
  });
});

describe('starting with API Pix', () => {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  const api = () => ({
    DATA_DIR: dataDirs[dataDirs.push(mkdtempSync(path.join(tmpdir(), 'mg-config-'))) - 1] as string,
    PIX_PROVIDER: 'api-pix',
    PIX_API_URL: psp.url,
    PIX_OAUTH_URL: psp.oauthUrl,
    PIX_CLIENT_ID: psp.clientId,
    PIX_CLIENT_SECRET: psp.clientSecret,
  });

  it('refuses to start without PIX_WEBHOOK_SECRET, or with one a URL cannot carry, naming it', async () => {
    expect(() => loadConfig(api())).toThrow(ConfigError);
    expect(() => loadConfig(api())).toThrow(/PIX_PROVIDER=api-pix exige PIX_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...api(), PIX_WEBHOOK_SECRET: 'segredo&com#simbolos' })).toThrow(
      /PIX_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...api(), PIX_WEBHOOK_SECRET: 'curto' })).toThrow(/PIX_WEBHOOK_SECRET/);
    expect(loadConfig({ ...api(), PIX_WEBHOOK_SECRET: SECRET }).pix).toMatchObject({
      provider: 'api-pix',
      webhookSecret: SECRET,
    });

    // An app given an API Pix provider some other way does not start without it either.
    const app = Fastify({ logger: false });
    const starting = (async () => {
      await app.register(pixRoutes, { prefix: '/api/pix', provider, onChargePaid: async () => {} });
      await app.ready();
    })();
    await expect(starting).rejects.toThrow(/PIX_PROVIDER=api-pix exige PIX_WEBHOOK_SECRET/);
    await app.close();
  });
});
