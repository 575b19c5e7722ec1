import { feeCents, sellerShareCents } from '@shared/fees';
import { payableAccountCode } from '@shared/ledger';
import type { PaymentHistory } from '@shared/payments';
import { MAX_PIX_KEYS, type PixKey, type PixKeyList } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { ledgerTransactions, listings, pixKeys, trades } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { nextEndToEndId } from '../helpers/e2e-id';
import { errorOf, signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let owner: TestUser;
let ownerCookie: string;
let otherCookie: string;
let staffCookie: string;
let gameId: number;
/** Each member's password by session cookie: a change of the default key is confirmed with it. */
const passwordOf = new Map<string, string>();
const confirmed = (cookie: string) => ({ password: passwordOf.get(cookie) });

beforeAll(async () => {
  t = await createTestApp();
  gameId = Object.values(await createGames(t.db))[0] as number;
  owner = await createUser(t.db);
  const other = await createUser(t.db);
  const staff = await createStaff(t.db);
  ownerCookie = await signIn(t.app, owner.email, owner.password);
  passwordOf.set(ownerCookie, owner.password);
  otherCookie = await signIn(t.app, other.email, other.password);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);
const keysOf = async (cookie: string) =>
  ((await api.as(cookie).get('/api/pix-keys')).json() as PixKeyList).keys;
const add = async (cookie: string, type: string, key: string) => {
  const res = await api.as(cookie).post('/api/pix-keys', { type, key, ...confirmed(cookie) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PixKey;
};
const rowsOf = async (userId: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(pixKeys).where(eq(pixKeys.userId, userId)))[0]
    ?.n;
const newMember = async () => {
  const user = await createUser(t.db);
  const cookie = await sessionCookie(t, user.id);
  passwordOf.set(cookie, user.password);
  return { user, cookie };
};

const historyOf = async (cookie: string) => {
  const res = await api.as(cookie).get('/api/payments/history');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentHistory;
};
const step = async (cookie: string, id: number, path: string, body: object = {}) => {
  const res = await api.as(cookie).post(`/api/trades/${id}/${path}`, body);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
};

type Reached = 'awaiting_payment' | 'awaiting_delivery' | 'delivered' | 'awaiting_release' | 'completed';

/**
 * A seller (with a default PIX key unless told otherwise) sells a listing at `priceCents` to a buyer, through
 * the trade routes as their people would, up to `until`.
 */
async function sale(until: Reached, options: { priceCents?: number; pixKey?: boolean } = {}) {
  const seller = await newMember();
  const buyer = await newMember();
  const title = `Conta Valorant Imortal ${Math.random().toString(36).slice(2, 8)}`;
  const priceCents = options.priceCents ?? 10_000;
  const listingId = await createListing(t.db, seller.user.id, { gameId, title, priceCents });
  const key =
    options.pixKey === false
      ? null
      : await add(seller.cookie, 'email', `recebe.${seller.user.nickname.toLowerCase()}@exemplo.com.br`);
  const started = await api.as(buyer.cookie).post('/api/trades', { listingId });
  expect(started.statusCode, started.body).toBe(201);
  const id = (started.json() as { id: number }).id;
  const order: Reached[] = [
    'awaiting_payment',
    'awaiting_delivery',
    'delivered',
    'awaiting_release',
    'completed',
  ];
  const reach = order.indexOf(until);
  await step(seller.cookie, id, 'value', { amount: (priceCents / 100).toFixed(2).replace('.', ',') });
  if (reach >= 1) await step(staffCookie, id, 'payment');
  if (reach >= 2) await step(seller.cookie, id, 'delivery', { note: 'Conta entregue por e-mail' });
  if (reach >= 3) await step(buyer.cookie, id, 'delivery/confirm');
  if (reach >= 4) await step(staffCookie, id, 'release', { endToEndId: nextEndToEndId() });
  return { seller, buyer, id, title, listingId, priceCents, key };
}

describe('PIX keys', () => {
  it('refuses a guest on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/pix-keys'],
      ['POST', '/api/pix-keys'],
      ['PUT', '/api/pix-keys/1/default'],
      ['DELETE', '/api/pix-keys/1'],
      ['GET', '/api/payments/history'],
      ['GET', '/api/payments/history.csv'],
    ] as const) {
      const res = await api
        .as()
        .request(method, url, method === 'POST' ? { type: 'cpf', key: '52998224725' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(res).message).toBe(m.loginRequired);
    }
  });

  it('stores the owner’s keys normalised; the first is the default', async () => {
    const { user, cookie } = await newMember();
    expect(await keysOf(cookie)).toEqual([]);
    const cpf = await add(cookie, 'cpf', '529.982.247-25');
    expect(cpf).toMatchObject({ type: 'cpf', key: '52998224725', isDefault: true });
    expect(await add(cookie, 'cnpj', '12.abc.345/01de-35')).toMatchObject({
      key: '12ABC34501DE35',
      isDefault: false,
    });
    expect(await add(cookie, 'phone', '(11) 98765-4321')).toMatchObject({ key: '+5511987654321' });
    expect(await add(cookie, 'email', 'Fulano@Exemplo.com.br')).toMatchObject({
      key: 'fulano@exemplo.com.br',
    });
    expect(await add(cookie, 'random', '123E4567-E12B-12D1-A456-426655440000')).toMatchObject({
      key: '123e4567-e12b-12d1-a456-426655440000',
    });
    const list = (await api.as(cookie).get('/api/pix-keys')).json() as PixKeyList;
    expect(list.max).toBe(MAX_PIX_KEYS);
    expect(list.keys.map((k) => [k.type, k.isDefault])).toEqual([
      ['cpf', true],
      ['cnpj', false],
      ['phone', false],
      ['email', false],
      ['random', false],
    ]);
    expect(await rowsOf(user.id)).toBe(5);
  });

  it('refuses invalid keys with the spec’s message and stores nothing', async () => {
    const { user, cookie } = await newMember();
    for (const [type, key] of [
      ['cpf', '   '],
      ['cpf', '529.982.247-24'],
      ['cnpj', '12ABC34501DE36'],
      ['cnpj', '11222333000182'],
      ['phone', '(11) 3456-7890'],
      ['email', 'fulano@'],
      ['random', 'not-a-uuid'],
      ['cpf', 'x'.repeat(500)],
    ]) {
      const res = await api.as(cookie).post('/api/pix-keys', { type, key });
      expect(res.statusCode, `${type} ${key}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ message: m.invalidKey, fields: { key: m.invalidKey } });
    }
    const badType = await api.as(cookie).post('/api/pix-keys', { type: 'boleto', key: '52998224725' });
    expect(badType.statusCode).toBe(400);
    expect(errorOf(badType).message).toBe(m.invalidType);
    expect(await rowsOf(user.id)).toBe(0);
  });

  it('refuses the same key twice (even typed differently) and a sixth key', async () => {
    const { user, cookie } = await newMember();
    await add(cookie, 'cpf', '52998224725');
    const again = await api.as(cookie).post('/api/pix-keys', { type: 'cpf', key: '529.982.247-25' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(m.duplicate);
    await add(cookie, 'email', 'a@exemplo.com.br');
    await add(cookie, 'email', 'b@exemplo.com.br');
    await add(cookie, 'email', 'c@exemplo.com.br');
    await add(cookie, 'email', 'd@exemplo.com.br');
    const sixth = await api.as(cookie).post('/api/pix-keys', { type: 'email', key: 'e@exemplo.com.br' });
    expect(sixth.statusCode).toBe(409);
    expect(errorOf(sixth).message).toBe(m.tooMany);
    expect(await rowsOf(user.id)).toBe(5);
  });

  it('lets another user add the same key to their own account', async () => {
    const { cookie } = await newMember();
    const { cookie: cookie2 } = await newMember();
    await add(cookie, 'email', 'compartilhada@exemplo.com.br');
    expect(await add(cookie2, 'email', 'compartilhada@exemplo.com.br')).toMatchObject({ isDefault: true });
  });

  it('makes another key the default, one default at a time', async () => {
    const { cookie } = await newMember();
    const first = await add(cookie, 'cpf', '52998224725');
    const second = await add(cookie, 'email', 'pix@exemplo.com.br');
    const res = await api.as(cookie).put(`/api/pix-keys/${second.id}/default`, confirmed(cookie));
    expect(res.statusCode).toBe(200);
    const keys = (res.json() as PixKeyList).keys;
    expect(keys.find((k) => k.id === first.id)?.isDefault).toBe(false);
    expect(keys.find((k) => k.id === second.id)?.isDefault).toBe(true);
    // Again on the default: nothing changes, nothing is asked.
    expect((await api.as(cookie).put(`/api/pix-keys/${second.id}/default`)).statusCode).toBe(200);
    expect((await keysOf(cookie)).filter((k) => k.isDefault).map((k) => k.id)).toEqual([second.id]);
  });

  it('deleting the default makes the oldest remaining key the default', async () => {
    const { cookie } = await newMember();
    const a = await add(cookie, 'cpf', '52998224725');
    const b = await add(cookie, 'email', 'b@exemplo.com.br');
    const c = await add(cookie, 'email', 'c@exemplo.com.br');
    expect((await api.as(cookie).put(`/api/pix-keys/${c.id}/default`, confirmed(cookie))).statusCode).toBe(
      200,
    );
    // A key that is not the default: the default stays.
    let res = await api.as(cookie).delete(`/api/pix-keys/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as PixKeyList).keys.map((k) => [k.id, k.isDefault])).toEqual([
      [b.id, false],
      [c.id, true],
    ]);
    // The default goes and another takes its place: confirmed like any change of the default.
    res = await api.as(cookie).delete(`/api/pix-keys/${c.id}`, confirmed(cookie));
    expect((res.json() as PixKeyList).keys.map((k) => [k.id, k.isDefault])).toEqual([[b.id, true]]);
    res = await api.as(cookie).delete(`/api/pix-keys/${b.id}`);
    expect((res.json() as PixKeyList).keys).toEqual([]);
    // The next key added is the default again.
    expect(await add(cookie, 'email', 'nova@exemplo.com.br')).toMatchObject({ isDefault: true });
  });

  it('hides another user’s keys: 404 to another member and to staff, nothing changed', async () => {
    const key = await add(ownerCookie, 'email', 'dono@exemplo.com.br');
    for (const cookie of [otherCookie, staffCookie]) {
      for (const [method, url] of [
        ['PUT', `/api/pix-keys/${key.id}/default`],
        ['DELETE', `/api/pix-keys/${key.id}`],
      ] as const) {
        const res = await api.as(cookie).request(method, url, undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(res).message).toBe(m.notFound);
      }
      expect((await keysOf(cookie)).map((k) => k.id)).not.toContain(key.id);
    }
    expect(await keysOf(ownerCookie)).toEqual([expect.objectContaining({ id: key.id, isDefault: true })]);
    expect((await api.as(ownerCookie).delete('/api/pix-keys/999999')).statusCode).toBe(404);
    expect((await api.as(ownerCookie).delete('/api/pix-keys/abc')).statusCode).toBe(400);
  });

  it('concurrent first keys: all stored, exactly one default; concurrent adds stop at the limit', async () => {
    const { user, cookie } = await newMember();
    const emails = Array.from({ length: 4 }, (_, i) => `corrida${i}@exemplo.com.br`);
    const answers = await Promise.all(
      emails.map((key) => api.as(cookie).post('/api/pix-keys', { type: 'email', key, ...confirmed(cookie) })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await keysOf(cookie)).filter((k) => k.isDefault)).toHaveLength(1);

    const more = await Promise.all(
      ['x', 'y', 'z'].map((n) =>
        api.as(cookie).post('/api/pix-keys', { type: 'email', key: `${n}@exemplo.com.br` }),
      ),
    );
    expect(more.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rowsOf(user.id)).toBe(MAX_PIX_KEYS);
  });

  it('the database keeps one default per user whatever the writer', async () => {
    const { user, cookie } = await newMember();
    await add(cookie, 'email', 'um@exemplo.com.br');
    await expect(
      t.db
        .insert(pixKeys)
        .values({ userId: user.id, type: 'email', key: 'dois@exemplo.com.br', isDefault: true }),
    ).rejects.toThrow();
  });
});

describe('payment history', () => {
  it('is empty for a new member, and so is the CSV (header only, BOM, ;)', async () => {
    const { cookie } = await newMember();
    const res = await api.as(cookie).get('/api/payments/history');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], balances: { availableCents: 0, heldCents: 0 } });
    const csv = await api.as(cookie).get('/api/payments/history.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toBe('\uFEFFData;Tipo;Descrição;Produto;Comprador;Status;Valor (R$)\r\n');
  });

  it('shows the seller’s sale and fee from the ledger, the payout, and only to the seller', async () => {
    const seller = await newMember();
    const buyer = await newMember();
    const ledger = createLedger(t.db);
    const trade = await createTradeRow(t.db, {
      amountCents: 123_456,
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
    });
    const inTx = (action: (tx: Db) => Promise<boolean>) =>
      t.db.transaction((tx) => action(tx as unknown as Db));
    await inTx((tx) => ledger.paymentConfirmed(tx, trade));
    await inTx((tx) => ledger.released(tx, trade));

    let history = (await api.as(seller.cookie).get('/api/payments/history')).json() as PaymentHistory;
    expect(history.items).toEqual([
      expect.objectContaining({
        type: 'sale',
        amountCents: 123_456,
        description: `Liberação da negociação #${trade.id}`,
        status: 'completed',
        tradeId: trade.id,
        buyerName: buyer.user.nickname,
        productTitle: expect.stringMatching(/^Produto da negociação \d+$/),
      }),
      expect.objectContaining({
        type: 'fee',
        amountCents: -6173,
        description: expect.stringContaining('5%'),
      }),
    ]);
    expect(history.balances.availableCents).toBe(123_456 - 6173);
    expect(history.balances.availableCents).toBe(await ledger.balanceOf(payableAccountCode(seller.user.id)));

    const csv = (await api.as(seller.cookie).get('/api/payments/history.csv')).body.split('\r\n');
    expect(csv[1]).toMatch(
      new RegExp(
        `^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Venda;Liberação da negociação #${trade.id};Produto da negociação \\d+;${buyer.user.nickname};Concluído;1234,56$`,
      ),
    );
    expect(csv[2]).toMatch(
      new RegExp(
        `;Taxa;Taxa de intermediação \\(5%\\) da negociação #${trade.id};Produto da negociação \\d+;${buyer.user.nickname};Concluído;-61,73$`,
      ),
    );

    await inTx((tx) => ledger.payoutRecorded(tx, trade));
    history = (await api.as(seller.cookie).get('/api/payments/history')).json() as PaymentHistory;
    expect(history.items.map((i) => [i.type, i.amountCents])).toEqual([
      ['payout', -(123_456 - 6173)],
      ['sale', 123_456],
      ['fee', -6173],
    ]);
    expect(history.balances.availableCents).toBe(0);

    // The buyer paid, but nothing was owed to them: no lines.
    expect(
      ((await api.as(buyer.cookie).get('/api/payments/history')).json() as PaymentHistory).items,
    ).toEqual([]);
  });

  it('shows a buyer’s refund and its payment', async () => {
    const seller = await newMember();
    const buyer = await newMember();
    const ledger = createLedger(t.db);
    const trade = await createTradeRow(t.db, {
      amountCents: 5000,
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
    });
    await t.db.transaction((tx) => ledger.paymentConfirmed(tx as unknown as Db, trade));
    await t.db.transaction((tx) => ledger.refunded(tx as unknown as Db, trade));
    let history = (await api.as(buyer.cookie).get('/api/payments/history')).json() as PaymentHistory;
    expect(history.items.map((i) => [i.type, i.amountCents])).toEqual([['refund', 5000]]);
    expect(history.balances.availableCents).toBe(5000);
    await t.db.transaction((tx) => ledger.refundPaid(tx as unknown as Db, trade));
    history = (await api.as(buyer.cookie).get('/api/payments/history')).json() as PaymentHistory;
    expect(history.items.map((i) => [i.type, i.amountCents])).toEqual([
      ['payout', -5000],
      ['refund', 5000],
    ]);
    expect(history.balances.availableCents).toBe(0);
    expect(
      ((await api.as(seller.cookie).get('/api/payments/history')).json() as PaymentHistory).items,
    ).toEqual([]);
  });
});

describe('payment history from trades driven through the routes', () => {
  it('shows a paid sale as pending with the buyer and the product, and holds its amount', async () => {
    const { seller, buyer, id, title, priceCents } = await sale('awaiting_delivery', { priceCents: 12_345 });
    const share = sellerShareCents(priceCents);
    expect(share).toBe(12_345 - 617);

    let history = await historyOf(seller.cookie);
    expect(history.items).toEqual([
      {
        id: `trade-${id}-pending`,
        type: 'sale',
        amountCents: share,
        description: `Venda aguardando liberação da negociação #${id} (já descontada a taxa de 5%)`,
        status: 'pending',
        date: expect.any(String),
        tradeId: id,
        buyerName: buyer.user.nickname,
        productTitle: title,
      },
    ]);
    expect(history.balances).toEqual({ availableCents: 0, heldCents: priceCents });

    const csv = (await api.as(seller.cookie).get('/api/payments/history.csv')).body.split('\r\n');
    expect(csv[1]).toMatch(
      new RegExp(`;Venda;Venda aguardando liberação da negociação #${id} \\(já descontada a taxa de 5%\\);`),
    );
    expect(csv[1]).toMatch(new RegExp(`;${title};${buyer.user.nickname};Pendente;117,28$`));

    // The buyer's money in escrow is not theirs to hold, and another member sees nothing of it.
    expect(await historyOf(buyer.cookie)).toEqual({
      items: [],
      balances: { availableCents: 0, heldCents: 0 },
    });
    const stranger = await newMember();
    expect(await historyOf(stranger.cookie)).toEqual({
      items: [],
      balances: { availableCents: 0, heldCents: 0 },
    });

    // Still held while the buyer confirms and the release waits on staff.
    await step(seller.cookie, id, 'delivery', { note: 'Conta entregue' });
    await step(buyer.cookie, id, 'delivery/confirm');
    history = await historyOf(seller.cookie);
    expect(history.items.map((i) => [i.status, i.amountCents])).toEqual([['pending', share]]);
    expect(history.balances.heldCents).toBe(priceCents);
  });

  it('after the release: sale, fee and payout with the buyer and the product; nothing held', async () => {
    const { seller, buyer, id, title, listingId, priceCents } = await sale('completed');
    const history = await historyOf(seller.cookie);
    expect(history.items.map((i) => [i.type, i.status, i.amountCents])).toEqual([
      ['payout', 'completed', -sellerShareCents(priceCents)],
      ['sale', 'completed', priceCents],
      ['fee', 'completed', -feeCents(priceCents)],
    ]);
    for (const item of history.items) {
      expect(item).toMatchObject({ tradeId: id, buyerName: buyer.user.nickname, productTitle: title });
    }
    expect(history.balances).toEqual({ availableCents: 0, heldCents: 0 });
    const csv = (await api.as(seller.cookie).get('/api/payments/history.csv')).body.split('\r\n');
    expect(csv.slice(1, 4).map((row) => row.split(';').slice(1, 7))).toEqual([
      [
        'Repasse',
        `Repasse ao vendedor da negociação #${id}`,
        title,
        buyer.user.nickname,
        'Concluído',
        '-95,00',
      ],
      ['Venda', `Liberação da negociação #${id}`, title, buyer.user.nickname, 'Concluído', '100,00'],
      [
        'Taxa',
        `Taxa de intermediação (5%) da negociação #${id}`,
        title,
        buyer.user.nickname,
        'Concluído',
        '-5,00',
      ],
    ]);

    // The history keeps the title the trade was made under, even once the listing is renamed and deleted.
    await t.db.update(listings).set({ title: 'Outro título' }).where(eq(listings.id, listingId));
    expect((await api.as(seller.cookie).delete(`/api/listings/${listingId}`)).statusCode).toBe(204);
    expect((await historyOf(seller.cookie)).items.map((i) => i.productTitle)).toEqual([title, title, title]);
  });

  it('holds a disputed sale; a refund moves it to the buyer’s history, named', async () => {
    const { seller, buyer, id, title, priceCents } = await sale('awaiting_delivery');
    await step(buyer.cookie, id, 'dispute', { reason: 'A conta não foi entregue' });
    let history = await historyOf(seller.cookie);
    expect(history.items.map((i) => [i.status, i.tradeId])).toEqual([['pending', id]]);
    expect(history.balances.heldCents).toBe(priceCents);

    await step(staffCookie, id, 'dispute/decision', {
      decision: 'refund',
      reason: 'O vendedor não entregou a conta',
      endToEndId: nextEndToEndId(),
    });
    history = await historyOf(seller.cookie);
    expect(history).toEqual({ items: [], balances: { availableCents: 0, heldCents: 0 } });
    const bought = await historyOf(buyer.cookie);
    expect(bought.items.map((i) => [i.type, i.amountCents, i.productTitle, i.buyerName])).toEqual([
      ['payout', -priceCents, title, buyer.user.nickname],
      ['refund', priceCents, title, buyer.user.nickname],
    ]);
  });

  it('sums every held sale of the seller, and none of their finished or unpaid ones', async () => {
    const first = await sale('awaiting_release', { priceCents: 2_000 });
    const listingId = await createListing(t.db, first.seller.user.id, {
      gameId,
      title: 'Skin rara',
      priceCents: 3_000,
    });
    const buyer = await newMember();
    const started = await api.as(buyer.cookie).post('/api/trades', { listingId });
    const second = (started.json() as { id: number }).id;
    await step(first.seller.cookie, second, 'value', { amount: '30,00' });
    // Awaiting payment: nothing paid yet, nothing held.
    expect((await historyOf(first.seller.cookie)).balances.heldCents).toBe(2_000);
    await step(staffCookie, second, 'payment');
    const history = await historyOf(first.seller.cookie);
    expect(history.balances.heldCents).toBe(5_000);
    expect(history.items.map((i) => [i.tradeId, i.amountCents, i.buyerName])).toEqual([
      [second, sellerShareCents(3_000), buyer.user.nickname],
      [first.id, sellerShareCents(2_000), first.buyer.user.nickname],
    ]);
  });
});

describe('a default PIX key a pending release pays to', () => {
  const ledgerRows = async (tradeId: number) =>
    (await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.tradeId, tradeId))).length;

  for (const state of ['awaiting_release', 'disputed'] as const) {
    it(`cannot be deleted while a sale is ${state}; nothing changes`, async () => {
      const s = await sale(state === 'disputed' ? 'awaiting_delivery' : 'awaiting_release');
      if (state === 'disputed') await step(s.seller.cookie, s.id, 'dispute', { reason: 'O comprador sumiu' });
      const other = await add(s.seller.cookie, 'cpf', '52998224725');
      const before = await keysOf(s.seller.cookie);

      const res = await api.as(s.seller.cookie).delete(`/api/pix-keys/${s.key?.id}`);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(m.defaultKeyInUse);
      expect(await keysOf(s.seller.cookie)).toEqual(before);
      const [row] = await t.db.select({ state: trades.state }).from(trades).where(eq(trades.id, s.id));
      expect(row?.state).toBe(state);

      // Another key goes; so does the old default once the seller picks a new one.
      expect((await api.as(s.seller.cookie).delete(`/api/pix-keys/${other.id}`)).statusCode).toBe(200);
      const third = await add(s.seller.cookie, 'email', `nova.${s.id}@exemplo.com.br`);
      const made = await api
        .as(s.seller.cookie)
        .put(`/api/pix-keys/${third.id}/default`, confirmed(s.seller.cookie));
      expect(made.statusCode, made.body).toBe(200);
      const freed = await api.as(s.seller.cookie).delete(`/api/pix-keys/${s.key?.id}`);
      expect(freed.statusCode).toBe(200);
      expect((freed.json() as PixKeyList).keys.map((k) => [k.id, k.isDefault])).toEqual([[third.id, true]]);
    });
  }

  it('refuses deleting the only key before the release, which then pays to it', async () => {
    const s = await sale('awaiting_release');
    const res = await api.as(s.seller.cookie).delete(`/api/pix-keys/${s.key?.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(m.defaultKeyInUse);
    expect(await rowsOf(s.seller.user.id)).toBe(1);
    expect(await ledgerRows(s.id)).toBe(1);
    await step(staffCookie, s.id, 'release', { endToEndId: nextEndToEndId() });
    const [row] = await t.db.select({ key: trades.payoutPixKey }).from(trades).where(eq(trades.id, s.id));
    expect(row?.key).toBe(`email:${s.key?.key}`);
    // Released: the key is free again.
    expect((await api.as(s.seller.cookie).delete(`/api/pix-keys/${s.key?.id}`)).statusCode).toBe(200);
  });

  it('is deletable before delivery, and for the buyer', async () => {
    const s = await sale('awaiting_delivery');
    const buyerKey = await add(s.buyer.cookie, 'email', `comprador.${s.id}@exemplo.com.br`);
    expect((await api.as(s.seller.cookie).delete(`/api/pix-keys/${s.key?.id}`)).statusCode).toBe(200);
    await step(s.seller.cookie, s.id, 'delivery', { note: 'Entregue' });
    await step(s.buyer.cookie, s.id, 'delivery/confirm');
    expect((await api.as(s.buyer.cookie).delete(`/api/pix-keys/${buyerKey.id}`)).statusCode).toBe(200);
  });
});
