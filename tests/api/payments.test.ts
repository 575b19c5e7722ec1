import { payableAccountCode } from '@shared/ledger';
import type { PaymentHistory } from '@shared/payments';
import { MAX_PIX_KEYS, type PixKey, type PixKeyList } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { pixKeys } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
let owner: TestUser;
let ownerCookie: string;
let otherCookie: string;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db);
  const other = await createUser(t.db);
  const staff = await createStaff(t.db);
  ownerCookie = await signIn(t.app, owner.email, owner.password);
  otherCookie = await signIn(t.app, other.email, other.password);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) } });
const keysOf = async (cookie: string) =>
  ((await call('GET', '/api/pix-keys', cookie)).json() as PixKeyList).keys;
const add = async (cookie: string, type: string, key: string) => {
  const res = await call('POST', '/api/pix-keys', cookie, { type, key });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PixKey;
};
const rowsOf = async (userId: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(pixKeys).where(eq(pixKeys.userId, userId)))[0]
    ?.n;
const newMember = async () => {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, user.email, user.password) };
};

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
      const res = await call(
        method,
        url,
        undefined,
        method === 'POST' ? { type: 'cpf', key: '52998224725' } : undefined,
      );
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
    const list = (await call('GET', '/api/pix-keys', cookie)).json() as PixKeyList;
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
      const res = await call('POST', '/api/pix-keys', cookie, { type, key });
      expect(res.statusCode, `${type} ${key}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ message: m.invalidKey, fields: { key: m.invalidKey } });
    }
    const badType = await call('POST', '/api/pix-keys', cookie, { type: 'boleto', key: '52998224725' });
    expect(badType.statusCode).toBe(400);
    expect(errorOf(badType).message).toBe(m.invalidType);
    expect(await rowsOf(user.id)).toBe(0);
  });

  it('refuses the same key twice (even typed differently) and a sixth key', async () => {
    const { user, cookie } = await newMember();
    await add(cookie, 'cpf', '52998224725');
    const again = await call('POST', '/api/pix-keys', cookie, { type: 'cpf', key: '529.982.247-25' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(m.duplicate);
    await add(cookie, 'email', 'a@exemplo.com.br');
    await add(cookie, 'email', 'b@exemplo.com.br');
    await add(cookie, 'email', 'c@exemplo.com.br');
    await add(cookie, 'email', 'd@exemplo.com.br');
    const sixth = await call('POST', '/api/pix-keys', cookie, { type: 'email', key: 'e@exemplo.com.br' });
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
    const res = await call('PUT', `/api/pix-keys/${second.id}/default`, cookie);
    expect(res.statusCode).toBe(200);
    const keys = (res.json() as PixKeyList).keys;
    expect(keys.find((k) => k.id === first.id)?.isDefault).toBe(false);
    expect(keys.find((k) => k.id === second.id)?.isDefault).toBe(true);
    // Again on the default: nothing changes.
    expect((await call('PUT', `/api/pix-keys/${second.id}/default`, cookie)).statusCode).toBe(200);
    expect((await keysOf(cookie)).filter((k) => k.isDefault).map((k) => k.id)).toEqual([second.id]);
  });

  it('deleting the default makes the oldest remaining key the default', async () => {
    const { cookie } = await newMember();
    const a = await add(cookie, 'cpf', '52998224725');
    const b = await add(cookie, 'email', 'b@exemplo.com.br');
    const c = await add(cookie, 'email', 'c@exemplo.com.br');
    expect((await call('PUT', `/api/pix-keys/${c.id}/default`, cookie)).statusCode).toBe(200);
    // A key that is not the default: the default stays.
    let res = await call('DELETE', `/api/pix-keys/${a.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect((res.json() as PixKeyList).keys.map((k) => [k.id, k.isDefault])).toEqual([
      [b.id, false],
      [c.id, true],
    ]);
    res = await call('DELETE', `/api/pix-keys/${c.id}`, cookie);
    expect((res.json() as PixKeyList).keys.map((k) => [k.id, k.isDefault])).toEqual([[b.id, true]]);
    res = await call('DELETE', `/api/pix-keys/${b.id}`, cookie);
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
        const res = await call(method, url, cookie);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(res).message).toBe(m.notFound);
      }
      expect((await keysOf(cookie)).map((k) => k.id)).not.toContain(key.id);
    }
    expect(await keysOf(ownerCookie)).toEqual([expect.objectContaining({ id: key.id, isDefault: true })]);
    expect((await call('DELETE', '/api/pix-keys/999999', ownerCookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/pix-keys/abc', ownerCookie)).statusCode).toBe(400);
  });

  it('concurrent first keys: all stored, exactly one default; concurrent adds stop at the limit', async () => {
    const { user, cookie } = await newMember();
    const emails = Array.from({ length: 4 }, (_, i) => `corrida${i}@exemplo.com.br`);
    const answers = await Promise.all(
      emails.map((key) => call('POST', '/api/pix-keys', cookie, { type: 'email', key })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await keysOf(cookie)).filter((k) => k.isDefault)).toHaveLength(1);

    const more = await Promise.all(
      ['x', 'y', 'z'].map((n) =>
        call('POST', '/api/pix-keys', cookie, { type: 'email', key: `${n}@exemplo.com.br` }),
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
    const res = await call('GET', '/api/payments/history', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], balances: { availableCents: 0, heldCents: null } });
    const csv = await call('GET', '/api/payments/history.csv', cookie);
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

    let history = (await call('GET', '/api/payments/history', seller.cookie)).json() as PaymentHistory;
    expect(history.items).toEqual([
      expect.objectContaining({
        type: 'sale',
        amountCents: 123_456,
        description: `Liberação da negociação #${trade.id}`,
        status: 'completed',
        tradeId: trade.id,
        buyerName: null,
        productTitle: null,
      }),
      expect.objectContaining({
        type: 'fee',
        amountCents: -6173,
        description: expect.stringContaining('5%'),
      }),
    ]);
    expect(history.balances.availableCents).toBe(123_456 - 6173);
    expect(history.balances.availableCents).toBe(await ledger.balanceOf(payableAccountCode(seller.user.id)));

    const csv = (await call('GET', '/api/payments/history.csv', seller.cookie)).body.split('\r\n');
    expect(csv[1]).toMatch(
      new RegExp(
        `^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Venda;Liberação da negociação #${trade.id};;;Concluído;1234,56$`,
      ),
    );
    expect(csv[2]).toMatch(
      new RegExp(`;Taxa;Taxa de intermediação \\(5%\\) da negociação #${trade.id};;;Concluído;-61,73$`),
    );

    await inTx((tx) => ledger.payoutRecorded(tx, trade));
    history = (await call('GET', '/api/payments/history', seller.cookie)).json() as PaymentHistory;
    expect(history.items.map((i) => [i.type, i.amountCents])).toEqual([
      ['payout', -(123_456 - 6173)],
      ['sale', 123_456],
      ['fee', -6173],
    ]);
    expect(history.balances.availableCents).toBe(0);

    // The buyer paid, but nothing was owed to them: no lines.
    expect(
      ((await call('GET', '/api/payments/history', buyer.cookie)).json() as PaymentHistory).items,
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
    let history = (await call('GET', '/api/payments/history', buyer.cookie)).json() as PaymentHistory;
    expect(history.items.map((i) => [i.type, i.amountCents])).toEqual([['refund', 5000]]);
    expect(history.balances.availableCents).toBe(5000);
    await t.db.transaction((tx) => ledger.refundPaid(tx as unknown as Db, trade));
    history = (await call('GET', '/api/payments/history', buyer.cookie)).json() as PaymentHistory;
    expect(history.items.map((i) => [i.type, i.amountCents])).toEqual([
      ['payout', -5000],
      ['refund', 5000],
    ]);
    expect(history.balances.availableCents).toBe(0);
    expect(
      ((await call('GET', '/api/payments/history', seller.cookie)).json() as PaymentHistory).items,
    ).toEqual([]);
  });
});
