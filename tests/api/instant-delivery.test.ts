import { listingCodeMessages as cm, MAX_CODE_LENGTH } from '@shared/listing-codes';
import { tradeMessages as m } from '@shared/trade-messages';
import type { TradeView } from '@shared/trades';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  auditLog,
  listingCodes,
  listings,
  notifications,
  tradeEvents,
  trades,
} from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames, createListing, listingForm, photo, postListing } from '../factories/listings';
import { type Api, apiTest } from '../helpers/api';
import { nextEndToEndId } from '../helpers/e2e-id';
import { errorOf } from '../helpers/http';
import { multipart } from '../helpers/multipart';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Instant delivery (issue 37): the vault's routes, the code's life in the trade process (reserved with the
 * payment awaited, delivered by the system on the payment's confirmation, back to stock on a cancel, an expiry or a
 * refund before the reveal, burned by a refund after it), the stock race, and the desk's fraud signal.
 */
let t: TestApp;
let gameId: number;
let admin: TestUser;
let moderator: TestUser;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  gameId = Object.values(await createGames(t.db))[0] as number;
  admin = await createStaff(t.db, 'admin');
  moderator = await createStaff(t.db, 'moderator');
});
afterAll(() => t?.close());

const it = apiTest(() => t);

/** An instant-delivery listing of `seller`'s, with these codes imported through the route. */
async function instantListing(seller: TestUser, codes: string[] = [], priceCents = 2_500) {
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: `Gift card ${Math.random().toString(36).slice(2, 8)}`,
    priceCents,
  });
  await t.db
    .update(listings)
    .set({ instantDelivery: true, quantity: 0, status: 'paused', pausedReason: 'sem_codigos' })
    .where(eq(listings.id, listingId));
  if (codes.length > 0) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listingId}/codes/import`,
      headers: { origin: 'http://localhost:3000', cookie: await sessionCookie(t, seller.id) },
      payload: { text: codes.join('\n'), allOrNothing: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imported).toBe(codes.length);
  }
  return listingId;
}

const listingRow = async (id: number) =>
  (await t.db.select().from(listings).where(eq(listings.id, id)))[0] as typeof listings.$inferSelect;
const codesOf = (listingId: number) =>
  t.db.select().from(listingCodes).where(eq(listingCodes.listingId, listingId));
const codeOfTrade = async (tradeId: number) =>
  (await t.db.select().from(listingCodes).where(eq(listingCodes.tradeId, tradeId)))[0];
const uniqueCodes = (n: number, tag = Math.random().toString(36).slice(2, 7)) =>
  Array.from({ length: n }, (_, i) => `GC-${tag}-${String(i).padStart(4, '0')}-XYZ`);

describe('the vault', () => {
  it('publishes an instant listing paused until codes come, and refuses it for kinds without instant delivery', async ({
    api,
  }) => {
    const seller = await createUser(t.db);
    const cookie = await sessionCookie(t, seller.id);
    const refused = await postListing(
      t.app,
      cookie,
      listingForm(gameId, { kind: 'skins', instantDelivery: 'true' }),
      [await photo()],
    );
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields?.instantDelivery).toBe(cm.kindNotInstant);
    const made = await postListing(
      t.app,
      cookie,
      listingForm(gameId, { kind: 'coins', instantDelivery: 'true', quantity: '7' }),
      [await photo()],
    );
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: number };
    expect(await listingRow(id)).toMatchObject({ instantDelivery: true, quantity: 0, status: 'paused' });
    // The public does not see it; its owner does, with the vault's counts.
    expect((await api.as(null).get(`/api/listings/${id}`)).statusCode).toBe(404);
    const own = await api.as(seller).get(`/api/listings/${id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      instantDelivery: true,
      status: 'paused',
      codes: { available: 0, reserved: 0, delivered: 0, removed: 0, burned: 0 },
    });
    const imported = await api
      .as(seller)
      .post(`/api/listings/${id}/codes/import`, { text: 'ABCD-1234', allOrNothing: false });
    expect(imported.json()).toEqual({ imported: 1, refused: [] });
    expect(await listingRow(id)).toMatchObject({ quantity: 1, status: 'active', pausedReason: null });
    const mine = (await api.as(seller).get('/api/listings/mine')).json();
    expect(mine.items.find((l: { id: number }) => l.id === id)).toMatchObject({
      instantDelivery: true,
      status: 'active',
      codes: { available: 1 },
    });
    const publicView = (await api.as(null).get(`/api/listings/${id}`)).json();
    expect(publicView.instantDelivery).toBe(true);
    expect(publicView.codes).toBeUndefined();
  });

  it('answers an import line by line, all or nothing on request, and refuses more than 1,000 lines', async ({
    api,
  }) => {
    const seller = await createUser(t.db);
    const id = await instantListing(seller);
    const url = `/api/listings/${id}/codes/import`;
    const long = 'X'.repeat(MAX_CODE_LENGTH + 1);
    const text = ['AAAA-1111', '', 'aaaa 1111', long, 'BBBB-2222', ''].join('\n');
    const strict = await api.as(seller).post(url, { text, allOrNothing: true });
    expect(strict.statusCode, strict.body).toBe(200);
    expect(strict.json()).toEqual({
      imported: 0,
      refused: [
        { line: 2, reason: cm.lineEmpty },
        { line: 3, reason: cm.lineRepeated(1) },
        { line: 4, reason: cm.lineTooLong },
      ],
    });
    expect((await codesOf(id)).length).toBe(0);
    const loose = await api.as(seller).post(url, { text, allOrNothing: false });
    expect(loose.json().imported).toBe(2);
    expect(loose.json().refused).toHaveLength(3);
    const again = await api.as(seller).post(url, { text: 'bbbb-2222\nCCCC-3333', allOrNothing: false });
    expect(again.json()).toEqual({ imported: 1, refused: [{ line: 1, reason: cm.lineInStock }] });
    expect(await listingRow(id)).toMatchObject({ quantity: 3, status: 'active' });

    const tooMany = await api
      .as(seller)
      .post(url, { text: uniqueCodes(1001).join('\n'), allOrNothing: false });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toBe(cm.tooManyLines(1001));
    expect((await codesOf(id)).length).toBe(3);

    // A file: CSV with a header, by its first cell; a binary one is refused whole.
    const csv = multipart(
      { allOrNothing: 'false' },
      [
        {
          filename: 'codigos.csv',
          data: Buffer.from('codigo;valor\r\nDDDD-4444;10\r\n"EEEE-5555";10\r\n'),
          contentType: 'text/csv',
        },
      ],
      'arquivo',
    );
    const fromFile = await api.as(seller).post(url, csv);
    expect(fromFile.statusCode, fromFile.body).toBe(200);
    expect(fromFile.json()).toEqual({ imported: 2, refused: [] });
    const binary = multipart(
      {},
      [{ filename: 'codigos.txt', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff]) }],
      'arquivo',
    );
    const bad = await api.as(seller).post(url, binary);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(cm.fileNotText);
    const huge = multipart({}, [{ filename: 'c.txt', data: Buffer.alloc(400 * 1024, 'A') }], 'arquivo');
    expect(errorOf(await api.as(seller).post(url, huge)).message).toBe(cm.fileTooLarge);

    const page = (await api.as(seller).get(`/api/listings/${id}/codes`)).json();
    expect(page.counts).toEqual({ available: 5, reserved: 0, delivered: 0, removed: 0, burned: 0 });
    expect(page.items.map((c: { last4: string }) => c.last4).sort()).toEqual([
      '1111',
      '2222',
      '3333',
      '4444',
      '5555',
    ]);
    expect(JSON.stringify(page)).not.toContain('AAAA');
  });

  it('lets only the owner read, import, remove and export; staff pause a seller, guests and members may not', async ({
    api,
  }) => {
    const seller = await createUser(t.db);
    const stranger = await createUser(t.db);
    const id = await instantListing(seller, ['KEEP-0001', 'KEEP-0002']);
    const [first] = await codesOf(id);
    const routes = [
      ['GET', `/api/listings/${id}/codes`, undefined],
      ['POST', `/api/listings/${id}/codes/import`, { text: 'NEW-0003', allOrNothing: false }],
      ['DELETE', `/api/listings/${id}/codes/${first?.id}`, undefined],
      ['POST', `/api/listings/${id}/codes/export`, { password: 'Senha@123' }],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await api.as(null).request(method, url, body)).statusCode, `guest ${url}`).toBe(401);
      for (const who of [stranger, moderator, admin]) {
        const res = await api.as(who).request(method, url, body);
        expect(res.statusCode, `${who.nickname} ${method} ${url}`).toBe(403);
        expect(errorOf(res).message).toBe(cm.ownerOnly);
      }
    }
    expect((await api.as(seller).get(`/api/listings/${id}/codes?estado=available`)).statusCode).toBe(200);
    expect((await api.as(seller).delete(`/api/listings/${id}/codes/${first?.id}`)).statusCode).toBe(204);
    expect(await listingRow(id)).toMatchObject({ quantity: 1 });
    expect((await api.as(seller).delete(`/api/listings/${id}/codes/${first?.id}`)).statusCode).toBe(409);
    const removed = (await api.as(seller).get(`/api/listings/${id}/codes?estado=removed`)).json();
    expect(removed.items.map((c: { id: number }) => c.id)).toEqual([first?.id]);

    // The export asks the password (the PIX keys' step-up) and is audited.
    const wrong = await api.as(seller).post(`/api/listings/${id}/codes/export`, { password: 'errada123' });
    expect(wrong.statusCode).toBe(400);
    const exported = await api
      .as(seller)
      .post(`/api/listings/${id}/codes/export`, { password: seller.password });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().codes.map((c: { code: string }) => c.code)).toEqual(['KEEP-0002']);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'listing_codes.export'), eq(auditLog.targetId, String(id))));
    expect(audit).toMatchObject({ actorId: seller.id, details: { count: 1 } });

    const pause = `/api/admin/members/${seller.id}/pause-instant`;
    expect((await api.as(null).post(pause, { reason: 'Códigos inválidos' })).statusCode).toBe(401);
    expect((await api.as(stranger).post(pause, { reason: 'Códigos inválidos' })).statusCode).toBe(403);
    expect((await api.as(moderator).post(pause, { reason: '' })).statusCode).toBe(400);
    const paused = await api.as(moderator).post(pause, { reason: 'Códigos inválidos em disputas' });
    expect(paused.json()).toEqual({ paused: 1 });
    expect(await listingRow(id)).toMatchObject({ status: 'paused', pausedReason: 'equipe' });
    expect((await api.as(admin).post(pause, { reason: 'De novo' })).json()).toEqual({ paused: 0 });
    // Codes added to a listing staff paused leave it paused.
    await api.as(seller).post(`/api/listings/${id}/codes/import`, { text: 'MORE-0009', allOrNothing: false });
    expect(await listingRow(id)).toMatchObject({ status: 'paused', pausedReason: 'equipe', quantity: 2 });
    // The vault says so (its notice links there).
    expect((await api.as(seller).get(`/api/listings/${id}/codes`)).json().pausedByStaff).toBe(true);
    const buyer = await createUser(t.db);
    expect((await api.as(buyer).post('/api/trades', { listingId: id })).statusCode).toBe(404);
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'member.pause_instant'))).length,
    ).toBeGreaterThanOrEqual(2);
    const told = async () =>
      (
        await t.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'instant_moderated')))
          .orderBy(notifications.id)
      ).map((n) => n.title);
    // The seller was told once, with the reason (the second pause paused nothing).
    expect(await told()).toEqual([cm.staffPausedTitle]);
    const [pauseNotice] = await t.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'instant_moderated')));
    expect(pauseNotice?.body).toContain('Motivo: Códigos inválidos em disputas.');

    // Lifting the pause: staff only, back on sale with its codes, the seller told; a second lift finds nothing.
    const resume = `/api/admin/members/${seller.id}/resume-instant`;
    expect((await api.as(null).post(resume, {})).statusCode).toBe(401);
    expect((await api.as(stranger).post(resume, {})).statusCode).toBe(403);
    expect((await api.as(seller).post(resume, {})).statusCode).toBe(403);
    expect(await listingRow(id)).toMatchObject({ status: 'paused', pausedReason: 'equipe' });
    expect((await api.as(moderator).post(resume, {})).json()).toEqual({ resumed: 1 });
    expect(await listingRow(id)).toMatchObject({ status: 'active', pausedReason: null, quantity: 2 });
    expect((await api.as(seller).get(`/api/listings/${id}/codes`)).json().pausedByStaff).toBe(false);
    expect((await api.as(admin).post(resume, {})).json()).toEqual({ resumed: 0 });
    expect(await told()).toEqual([cm.staffPausedTitle, cm.staffResumedTitle]);
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.action, 'member.resume_instant')),
    ).toHaveLength(1);
    expect((await api.as(buyer).post('/api/trades', { listingId: id })).statusCode).toBe(201);
    expect((await api.as(admin).post('/api/admin/members/nao-existe/resume-instant', {})).statusCode).toBe(
      404,
    );
  });
});

describe('a trade of an instant listing', () => {
  async function buy(api: Api, buyer: TestUser, listingId: number) {
    const res = await api.as(buyer).post('/api/trades', { listingId });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }
  const view = async (api: Api, who: TestUser, id: number) =>
    (await api.as(who).get(`/api/trades/${id}`)).json() as TradeView;

  it('holds a code while the PIX is due, delivers it on the payment, and the buyer reveals it', async ({
    api,
  }) => {
    const seller = await createUser(t.db);
    const buyer = await createUser(t.db);
    const id = await instantListing(seller, ['PLAY-AAAA-0001', 'PLAY-AAAA-0002']);
    const tradeId = await buy(api, buyer, id);
    expect((await view(api, buyer, tradeId)).state).toBe('awaiting_payment');
    expect(await codeOfTrade(tradeId)).toMatchObject({ state: 'reserved', last4: '0001' });
    expect(await listingRow(id)).toMatchObject({ quantity: 1, status: 'active' });

    const paid = await api.as(admin).post(`/api/trades/${tradeId}/payment`, { endToEndId: nextEndToEndId() });
    expect(paid.statusCode, paid.body).toBe(200);
    const room = paid.json() as TradeView;
    expect(room.state).toBe('delivered');
    expect(room.delivery).toMatchObject({ hasCredentials: true, automatic: true });
    expect(await codeOfTrade(tradeId)).toMatchObject({ state: 'delivered', revealedAt: null });
    const events = await t.db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, tradeId));
    expect(events.map((e) => e.kind)).toEqual([
      'opened',
      'value_confirmed',
      'payment_confirmed',
      'code_delivered',
    ]);
    expect(events.at(-1)?.actorId).toBeNull();
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.kind, 'code_delivered')));
    expect(told?.body).toBe('Seu código chegou: abra a sala da intermediação para vê-lo.');

    expect((await api.as(seller).post(`/api/trades/${tradeId}/credentials`, {})).statusCode).toBe(403);
    const revealed = await api.as(buyer).post(`/api/trades/${tradeId}/credentials`, {});
    expect(revealed.json()).toEqual({ credentials: 'PLAY-AAAA-0001' });
    expect((await codeOfTrade(tradeId))?.revealedAt).not.toBeNull();

    // The rest is any trade's: the buyer confirms, the admin pays the payout; the stock does not move again.
    await api.as(seller).post('/api/pix-keys', {
      password: seller.password,
      type: 'email',
      key: `v${Date.now()}@exemplo.com.br`,
    });
    expect((await api.as(buyer).post(`/api/trades/${tradeId}/delivery/confirm`, {})).statusCode).toBe(200);
    const done = await api.as(admin).post(`/api/trades/${tradeId}/release`, { endToEndId: nextEndToEndId() });
    expect(done.json().state).toBe('completed');
    expect(await listingRow(id)).toMatchObject({ quantity: 1, status: 'active' });
    expect(await codeOfTrade(tradeId)).toMatchObject({ state: 'delivered' });
  });

  it('holds a code for an accepted offer too, and delivers it at the offer price', async ({ api }) => {
    const seller = await createUser(t.db);
    const buyer = await createUser(t.db);
    const id = await instantListing(seller, ['OFFER-CODE-0001']);
    const offer = await api.as(buyer).post(`/api/listings/${id}/offers`, { amount: '20,00' });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await api.as(seller).post(`/api/offers/${offer.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { tradeId } = accepted.json() as { tradeId: number };
    expect(await codeOfTrade(tradeId)).toMatchObject({ state: 'reserved' });
    expect(await listingRow(id)).toMatchObject({ quantity: 0, status: 'paused' });
    const paid = await api.as(admin).post(`/api/trades/${tradeId}/payment`, { endToEndId: nextEndToEndId() });
    expect(paid.json()).toMatchObject({ state: 'delivered', amountCents: 2_000 });
    expect((await api.as(buyer).post(`/api/trades/${tradeId}/credentials`, {})).json()).toEqual({
      credentials: 'OFFER-CODE-0001',
    });
  });

  it('gives the code back on a cancel and on the payment expiry, pausing at 0 and resuming', async ({
    api,
  }) => {
    const seller = await createUser(t.db);
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const id = await instantListing(seller, ['ONLY-CODE-0001']);
    const first = await buy(api, a, id);
    expect(await listingRow(id)).toMatchObject({
      quantity: 0,
      status: 'paused',
      pausedReason: 'sem_codigos',
    });
    const [empty] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'instant_stock_empty')));
    expect(empty?.title).toBe(cm.stockPausedTitle);
    const refused = await api.as(b).post('/api/trades', { listingId: id });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(m.outOfStock);

    expect(
      (await api.as(a).post(`/api/trades/${first}/cancel`, { reason: 'Mudei de ideia' })).statusCode,
    ).toBe(200);
    expect(await codeOfTrade(first)).toBeUndefined();
    expect(await listingRow(id)).toMatchObject({ quantity: 1, status: 'active', pausedReason: null });

    const second = await buy(api, b, id);
    expect(await codeOfTrade(second)).toMatchObject({ state: 'reserved' });
    await t.app.tradeTimers.sweep(new Date(Date.now() + 1000 * HOUR));
    expect((await view(api, b, second)).state).toBe('cancelled');
    const [code] = await codesOf(id);
    expect(code).toMatchObject({ state: 'available', tradeId: null });
    expect(await listingRow(id)).toMatchObject({ quantity: 1, status: 'active' });
  });

  it('returns an unrevealed code on a refund and burns a revealed one', async ({ api }) => {
    const seller = await createUser(t.db);
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const id = await instantListing(seller, ['REF-0001', 'REF-0002']);
    const unseen = await buy(api, a, id);
    const seen = await buy(api, b, id);
    for (const tradeId of [unseen, seen]) {
      await api.as(admin).post(`/api/trades/${tradeId}/payment`, { endToEndId: nextEndToEndId() });
    }
    expect(await listingRow(id)).toMatchObject({ quantity: 0, status: 'paused' });
    await api.as(b).post(`/api/trades/${seen}/credentials`, {});
    for (const tradeId of [unseen, seen]) {
      const refunded = await api.as(admin).post(`/api/trades/${tradeId}/cancel`, {
        reason: 'Código não funciona',
        endToEndId: nextEndToEndId(),
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
    }
    const codes = await codesOf(id);
    expect(codes.find((c) => c.last4 === '0001')).toMatchObject({ state: 'available', tradeId: null });
    expect(codes.find((c) => c.last4 === '0002')).toMatchObject({ state: 'burned', tradeId: seen });
    expect(await listingRow(id)).toMatchObject({ quantity: 1, status: 'active' });
  });

  it('lets staff read the code in a dispute, and flags a seller whose codes are disputed', async ({
    api,
  }) => {
    const seller = await createUser(t.db);
    const codes = uniqueCodes(4, 'fraud');
    const id = await instantListing(seller, codes);
    const tradeIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const buyer = await createUser(t.db);
      const tradeId = await buy(api, buyer, id);
      await api.as(admin).post(`/api/trades/${tradeId}/payment`, { endToEndId: nextEndToEndId() });
      if (i < 3) {
        const opened = await api
          .as(buyer)
          .post(`/api/trades/${tradeId}/dispute`, { reason: 'O código não funciona' });
        expect(opened.statusCode, opened.body).toBe(200);
      }
      tradeIds.push(tradeId);
    }
    const staffRead = await api.as(admin).post(`/api/trades/${tradeIds[0]}/credentials`, {});
    expect(staffRead.json()).toEqual({ credentials: codes[0] });
    expect((await codeOfTrade(tradeIds[0] as number))?.revealedAt).toBeNull();
    const desk = await api.as(moderator).get('/api/staff/trades-desk');
    expect(desk.statusCode, desk.body).toBe(200);
    const flagged = desk.json().instantFraud.find((f: { sellerId: string }) => f.sellerId === seller.id);
    expect(flagged).toEqual({
      sellerId: seller.id,
      nickname: seller.nickname,
      delivered: 4,
      disputed: 3,
      rate: 0.75,
      instantListings: 1,
      pausedByStaff: 0,
    });
    expect((await api.as(seller).get('/api/staff/trades-desk')).statusCode).toBe(403);
  });

  it('refuses a code another seller already sold, and takes it while it is only in stock elsewhere', async ({
    api,
  }) => {
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    const shared = `SHARED-${Date.now()}`;
    const firstListing = await instantListing(first, [shared]);
    const secondListing = await instantListing(second);
    const url = `/api/listings/${secondListing}/codes/import`;
    // Unsold elsewhere: taken (the hash says nothing until the code is sold).
    expect((await api.as(second).post(url, { text: shared, allOrNothing: false })).json().imported).toBe(1);
    expect(await listingRow(secondListing)).toMatchObject({ quantity: 1, status: 'active' });
    const buyer = await createUser(t.db);
    const tradeId = await buy(api, buyer, firstListing);
    await api.as(admin).post(`/api/trades/${tradeId}/payment`, { endToEndId: nextEndToEndId() });
    // Sold by the first seller: it leaves the second stock at once, and a new import of it is refused.
    expect((await codesOf(secondListing))[0]).toMatchObject({ state: 'removed' });
    expect(await listingRow(secondListing)).toMatchObject({ quantity: 0, status: 'paused' });
    const again = await api.as(second).post(url, { text: `x\n${shared.toLowerCase()}`, allOrNothing: false });
    expect(again.json()).toEqual({ imported: 1, refused: [{ line: 2, reason: cm.lineSold }] });
  });

  it('never oversells: concurrent buyers of a listing with fewer codes each get one code or "Estoque esgotado"', async ({
    api,
  }) => {
    // PGlite runs one statement at a time in one process: the race still interleaves the requests, on fewer buyers.
    const [buyers, stock] = onPostgres ? [500, 100] : [150, 40];
    const seller = await createUser(t.db);
    const codes = uniqueCodes(stock, 'race');
    const id = await instantListing(seller, codes);
    const people = await Promise.all(Array.from({ length: buyers }, () => createUser(t.db)));
    await Promise.all(people.map((p) => sessionCookie(t, p.id)));
    const answers = await Promise.all(people.map((p) => api.as(p).post('/api/trades', { listingId: id })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(stock);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const opened = await t.db.select().from(trades).where(eq(trades.listingId, id));
    expect(opened).toHaveLength(stock);
    expect(opened.every((tr) => tr.state === 'awaiting_payment')).toBe(true);
    const held = await t.db
      .select()
      .from(listingCodes)
      .where(
        inArray(
          listingCodes.tradeId,
          opened.map((tr) => tr.id),
        ),
      );
    expect(held).toHaveLength(stock);
    expect(new Set(held.map((c) => c.tradeId)).size).toBe(stock);
    expect(new Set(held.map((c) => c.id)).size).toBe(stock);
    expect(await listingRow(id)).toMatchObject({
      quantity: 0,
      status: 'paused',
      pausedReason: 'sem_codigos',
    });
    // Each code delivered at most once: every payment confirmed at once.
    await Promise.all(
      opened.map((tr) =>
        api.as(admin).post(`/api/trades/${tr.id}/payment`, { endToEndId: nextEndToEndId() }),
      ),
    );
    const delivered = await t.db.select().from(listingCodes).where(eq(listingCodes.listingId, id));
    expect(delivered.every((c) => c.state === 'delivered')).toBe(true);
    expect(new Set(delivered.map((c) => c.tradeId)).size).toBe(stock);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'instant_stock_empty')));
    expect(notices).toHaveLength(1);
  }, 300_000);
});
