import { expect } from 'vitest';
import { createUser } from '../factories/accounts';
import { createListing } from '../factories/listings';
import { injectAs } from './api';
import { sessionCookie } from './sessions';
import type { TestApp } from './test-app';

export { nextEndToEndId } from './e2e-id';

const call = (t: TestApp, url: string, cookie: string, payload: object = {}) =>
  injectAs(t.app, 'POST', url, cookie, payload);

async function member(t: TestApp) {
  const user = await createUser(t.db);
  return { ...user, cookie: await sessionCookie(t, user.id) };
}

export type TradeStop = 'awaiting_payment' | 'awaiting_delivery' | 'awaiting_release' | 'disputed';

/**
 * A trade taken through the routes up to `until`, as its people would: the seller (with a default e-mail PIX key
 * unless `pixKey: false`) confirms the listed price, an admin (`adminCookie`) confirms the payment, the seller
 * marks the delivery, then the buyer confirms it (the payout becomes due) or opens a dispute.
 */
export async function tradeThroughRoutes(
  t: TestApp,
  options: { adminCookie: string; gameId: number; until: TradeStop; priceCents?: number; pixKey?: boolean },
) {
  const seller = await member(t);
  const buyer = await member(t);
  const priceCents = options.priceCents ?? 10_000;
  const title = `Item raro ${Math.random().toString(36).slice(2, 8)}`;
  const listingId = await createListing(t.db, seller.id, { gameId: options.gameId, title, priceCents });
  const pixKey = `vendedor.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
  if (options.pixKey !== false) {
    const res = await call(t, '/api/pix-keys', seller.cookie, {
      type: 'email',
      key: pixKey,
      password: seller.password,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const started = await call(t, '/api/trades', buyer.cookie, { listingId });
  expect(started.statusCode, started.body).toBe(201);
  const id = (started.json() as { id: number }).id;
  const step = async (cookie: string, path: string, body: object = {}) => {
    const res = await call(t, `/api/trades/${id}/${path}`, cookie, body);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  };
  const reais = (priceCents / 100).toFixed(2).replace('.', ',');
  // The same amount as agreed confirms it (another one would be a proposal the buyer answers).
  await step(seller.cookie, 'value', { amount: reais });
  if (options.until !== 'awaiting_payment') {
    await step(options.adminCookie, 'payment');
    if (options.until !== 'awaiting_delivery') {
      await step(seller.cookie, 'delivery', { note: 'Item entregue no jogo' });
      if (options.until === 'awaiting_release') await step(buyer.cookie, 'delivery/confirm');
      else await step(buyer.cookie, 'dispute', { reason: 'O item não chegou ao meu personagem.' });
    }
  }
  return { id, seller, buyer, title, listingId, pixKey: options.pixKey === false ? null : pixKey };
}
