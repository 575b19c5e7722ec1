import { type NotificationKind, notificationKinds } from '@shared/notifications';
import { type PushDevice, type PushEvent, pushDelivery, pushEventOfKind } from '@shared/push';
import { pushMessages as m } from '@shared/push-messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { pushSubscriptions } from '../../src/server/db/schema';
import { notify } from '../../src/server/modules/notifications/service';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { nextEndToEndId } from '../helpers/e2e-id';
import { errorOf } from '../helpers/http';
import {
  type MockSubscription,
  type PushServiceMock,
  startPushServiceMock,
} from '../helpers/push-service-mock';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Web Push (issue 38) through the real app and the stand-in push service (tests/helpers/push-service-mock.ts),
 * which checks VAPID, the headers and decrypts each push with the test subscription's own keys.
 */
let t: TestApp;
let service: PushServiceMock;
let publicKey: string;
let gameId: number;
const api = apiOf(() => t);
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Person {
  id: string;
  cookie: string;
}
let admin: Person;
let moderator: Person;

beforeAll(async () => {
  service = await startPushServiceMock();
  t = await createTestApp({
    RATE_LIMIT_MAX: '1000',
    PUSH_SERVICE_HOSTS: service.host,
    PUSH_RETRY_SECONDS: '1',
    VAPID_SUBJECT: 'mailto:suporte@mercadogamer.com.br',
  });
  gameId = Object.values(await createGames(t.db))[0] as number;
  publicKey = ((await api.as(null).get('/api/push/key')).json() as { publicKey: string }).publicKey;
  const staffOf = async (role: 'admin' | 'moderator') => {
    const user = await createStaff(t.db, role);
    return { id: user.id, cookie: await sessionCookie(t, user.id) };
  };
  admin = await staffOf('admin');
  moderator = await staffOf('moderator');
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

async function member(): Promise<Person> {
  const user = await createUser(t.db);
  return { id: user.id, cookie: await sessionCookie(t, user.id) };
}

/** The member's browser subscribes, as the settings' button does after the permission. */
async function subscribed(who: Person, sub = service.subscribe(publicKey)) {
  const res = await api
    .as(who.cookie)
    .post('/api/push/subscriptions', sub.json, { headers: { 'user-agent': ANDROID } });
  expect(res.statusCode, res.body).toBe(201);
  return { sub, device: res.json() as PushDevice };
}

/** No push job waiting or running in any process. */
const pushJobsPending = async () => {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from pgboss.job where name = 'push' and state in ('created', 'retry', 'active')`,
  );
  return row?.n ?? 0;
};
/** Queues what is due and waits until every push job is done. */
async function flush(app: FastifyInstance = t.app) {
  await app.pushes.queueDue();
  await expect.poll(pushJobsPending, { timeout: 15_000 }).toBe(0);
}
const payloadsFor = (sub: MockSubscription) => service.acceptedFor(sub).map((push) => push.payload);

describe('the VAPID key', () => {
  it('is public, a P-256 point, and the same for a second process (kept once in the database)', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const other = await t.alongside();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/push/key' });
      expect((res.json() as { publicKey: string }).publicKey).toBe(publicKey);
    } finally {
      await other.close();
    }
  });

  it('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY given win over the stored pair', async () => {
    const pair = {
      VAPID_PUBLIC_KEY:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      VAPID_PRIVATE_KEY: 'RVhBTVBMRV9QUklWQVRFX0tFWV8zMl9CWVRFU19fX18',
    };
    const other = await t.alongside(pair);
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/push/key' });
      expect((res.json() as { publicKey: string }).publicKey).toBe(pair.VAPID_PUBLIC_KEY);
    } finally {
      await other.close();
    }
  });
});

describe('subscriptions', () => {
  it('a guest is asked to sign in for every device route', async () => {
    const sub = service.subscribe(publicKey);
    for (const res of [
      await api.as(null).get('/api/push/subscriptions'),
      await api.as(null).post('/api/push/subscriptions', sub.json),
      await api.as(null).delete('/api/push/subscriptions/1'),
      await api.as(null).get('/api/push/events'),
      await api.as(null).put('/api/push/events', { trade_message: false }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(m.loginRequired);
    }
  });

  it('the owner subscribes, sees the device by name, and only the owner removes it (stranger, moderator, admin: 404)', async () => {
    const owner = await member();
    const stranger = await member();
    const { device } = await subscribed(owner);
    expect(device).toMatchObject({ device: 'Chrome no Android', service: '127.0.0.1', lastUsedAt: null });
    const listed = (await api.as(owner.cookie).get('/api/push/subscriptions')).json() as {
      devices: PushDevice[];
    };
    expect(listed.devices).toEqual([device]);
    // Nobody else sees it, nor the endpoint (a capability) anywhere.
    expect(
      ((await api.as(stranger.cookie).get('/api/push/subscriptions')).json() as { devices: [] }).devices,
    ).toEqual([]);
    expect(JSON.stringify(listed)).not.toContain('/push/');
    for (const who of [stranger, moderator, admin]) {
      const res = await api.as(who.cookie).delete(`/api/push/subscriptions/${device.id}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(m.notFound);
    }
    expect((await api.as(owner.cookie).delete(`/api/push/subscriptions/${device.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id))).toEqual(
      [],
    );
    expect((await api.as(owner.cookie).delete(`/api/push/subscriptions/${device.id}`)).statusCode).toBe(404);
  });

  it('one subscription per endpoint: subscribing again replaces it, for the same member or the next one on the device', async () => {
    const first = await member();
    const next = await member();
    const sub = service.subscribe(publicKey);
    const { device } = await subscribed(first, sub);
    const again = await subscribed(first, sub);
    expect(again.device.id).toBe(device.id);
    const taken = await subscribed(next, sub);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(next.id);
    expect(taken.device.id).toBe(device.id);
    // The first member's pushes no longer reach the device.
    await t.db.transaction((tx) =>
      notify(tx, {
        userId: first.id,
        kind: 'offer_received',
        title: 'Nova',
        body: 'x',
        link: '/minhas-ofertas',
      }),
    );
    await flush();
    expect(service.acceptedFor(sub)).toHaveLength(0);
  });

  it('refuses an endpoint that is not a push service we allow (no posting to any address)', async () => {
    const owner = await member();
    for (const endpoint of [
      'https://exemplo.com.br/push/1',
      'http://10.0.0.1/push/1',
      'http://127.0.0.1.exemplo.com/x',
    ]) {
      const res = await api
        .as(owner.cookie)
        .post('/api/push/subscriptions', { ...service.subscribe(publicKey).json, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(errorOf(res).message).toBe(m.serviceRefused);
    }
    const badKey = await api.as(owner.cookie).post('/api/push/subscriptions', {
      endpoint: `${service.origin}/push/x`,
      keys: { p256dh: 'abc', auth: 'def' },
    });
    expect(badKey.statusCode).toBe(400);
  });
});

describe('pushes', () => {
  it('every pushed kind reaches the device with its title, body, page, TTL and urgency; the others never', async () => {
    const owner = await member();
    const { sub } = await subscribed(owner);
    for (const [n, kind] of notificationKinds.entries()) {
      await t.db.transaction((tx) =>
        notify(tx, {
          userId: owner.id,
          kind,
          title: `Aviso ${kind}`,
          body: `Corpo ${n}`,
          link: `/intermediacao/${n + 1}`,
        }),
      );
    }
    await flush();
    const pushed = notificationKinds.filter((kind) => pushEventOfKind[kind] !== null);
    const got = service.acceptedFor(sub);
    expect(got.map((push) => (push.payload as { title: string }).title).sort()).toEqual(
      pushed.map((kind) => `Aviso ${kind}`).sort(),
    );
    for (const push of got) {
      const kind = (push.payload as { title: string }).title.slice('Aviso '.length) as NotificationKind;
      const event = pushEventOfKind[kind] as PushEvent;
      const n = notificationKinds.indexOf(kind);
      expect(push.payload).toEqual({
        title: `Aviso ${kind}`,
        body: `Corpo ${n}`,
        url: `/intermediacao/${n + 1}`,
        tag: `intermediacao-${n + 1}`,
      });
      expect(push.ttl).toBe(pushDelivery[event].ttlSeconds);
      expect(push.urgency).toBe(pushDelivery[event].urgency);
      expect(push.claims.aud).toBe(service.origin);
      expect(push.claims.sub).toBe('mailto:suporte@mercadogamer.com.br');
    }
    expect(service.violations).toEqual([]);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('the real flows: offer, its answer, payment, delivery, dispute and a chat message, each to whom it concerns', async () => {
    const seller = await member();
    const buyer = await member();
    const { sub: sellerPhone } = await subscribed(seller);
    const { sub: buyerPhone } = await subscribed(buyer);
    // An offer, then its refusal, then the purchase.
    const listingId = await createListing(t.db, seller.id, {
      gameId,
      title: 'Conta Diamante',
      priceCents: 50_000,
    });
    const offered = await api
      .as(buyer.cookie)
      .post(`/api/listings/${listingId}/offers`, { amount: '400,00' });
    expect(offered.statusCode, offered.body).toBe(201);
    const offerId = (offered.json() as { id: number }).id;
    expect((await api.as(seller.cookie).post(`/api/offers/${offerId}/reject`, {})).statusCode).toBe(204);
    const started = await api.as(buyer.cookie).post('/api/trades', { listingId });
    expect(started.statusCode, started.body).toBe(201);
    const id = (started.json() as { id: number }).id;
    const step = async (who: Person, path: string, body: object = {}) => {
      const res = await api.as(who.cookie).post(`/api/trades/${id}/${path}`, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    };
    await step(seller, 'value', { amount: '500,00' });
    await flush();
    const before = {
      seller: service.acceptedFor(sellerPhone).length,
      buyer: service.acceptedFor(buyerPhone).length,
    };
    await step(admin, 'payment', { endToEndId: nextEndToEndId() });
    const chat = await api.as(buyer.cookie).post(`/api/trades/${id}/chat`, { body: 'Paguei!' });
    expect(chat.statusCode, chat.body).toBe(201);
    // A second message in the same unread stretch is not pushed again.
    expect((await api.as(buyer.cookie).post(`/api/trades/${id}/chat`, { body: 'Me avisa' })).statusCode).toBe(
      201,
    );
    await step(seller, 'delivery', { note: 'Entregue', credentials: 'login: heroi / senha: s3nh4' });
    await step(buyer, 'dispute', { reason: 'A conta não abre' });
    await flush();

    const titles = (sub: MockSubscription, from: number) =>
      payloadsFor(sub)
        .slice(from)
        .map((p) => (p as { body: string; url: string }).url);
    expect(payloadsFor(sellerPhone)[0]).toMatchObject({ url: '/minhas-ofertas' });
    expect(payloadsFor(buyerPhone)[0]).toMatchObject({ url: expect.stringMatching(/^\//) });
    // Payment (both), the buyer's message (seller, once), the delivery (buyer), the dispute (seller).
    expect(titles(sellerPhone, before.seller)).toEqual([
      `/intermediacao/${id}`,
      `/intermediacao/${id}`,
      `/intermediacao/${id}`,
    ]);
    expect(titles(buyerPhone, before.buyer)).toEqual([`/intermediacao/${id}`, `/intermediacao/${id}`]);
    const sellerBodies = payloadsFor(sellerPhone).slice(before.seller) as { body: string; title: string }[];
    expect(sellerBodies[1]?.body).toBe('Nova mensagem no chat da intermediação.');
    // The chat's text never leaves in a push.
    expect(JSON.stringify(payloadsFor(sellerPhone))).not.toContain('Paguei');
    expect(service.violations).toEqual([]);
  });

  it('only the events the member left on: a switch turned off stops them, turned on again lets them through', async () => {
    const owner = await member();
    const { sub } = await subscribed(owner);
    const switches = await api.as(owner.cookie).put('/api/push/events', { offer_received: false });
    expect(switches.statusCode, switches.body).toBe(200);
    expect(switches.json()).toMatchObject({ offer_received: false, trade_message: true });
    const note = (kind: NotificationKind, title: string) =>
      t.db.transaction((tx) =>
        notify(tx, { userId: owner.id, kind, title, body: 'x', link: '/minhas-ofertas' }),
      );
    await note('offer_received', 'Desligado');
    await note('offer_accepted', 'Ligado');
    await flush();
    expect(payloadsFor(sub).map((p) => (p as { title: string }).title)).toEqual(['Ligado']);
    await api.as(owner.cookie).put('/api/push/events', { offer_received: true });
    await note('offer_received', 'Religado');
    await flush();
    expect(payloadsFor(sub).map((p) => (p as { title: string }).title)).toEqual(['Ligado', 'Religado']);
    expect(
      ((await api.as(owner.cookie).get('/api/push/events')).json() as Record<string, boolean>).offer_received,
    ).toBe(true);
  });

  it('410 and 404 from the push service delete the subscription; 429 and 500 are tried again until accepted', async () => {
    const owner = await member();
    const { sub: gone } = await subscribed(owner);
    const { sub: lost } = await subscribed(owner);
    const { sub: busy } = await subscribed(owner);
    service.answerNext(gone, 410);
    service.answerNext(lost, 404);
    service.answerNext(busy, 429, 500);
    await t.db.transaction((tx) =>
      notify(tx, {
        userId: owner.id,
        kind: 'payment_confirmed',
        title: 'Pago',
        body: 'x',
        link: '/intermediacao/1',
      }),
    );
    await flush();
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id));
    expect(left.map((row) => row.endpoint)).toEqual([busy.endpoint]);
    expect(
      service.requests.filter((push) => push.endpoint === busy.endpoint).map((push) => push.status),
    ).toEqual([429, 500, 201]);
    expect(payloadsFor(busy)).toEqual([
      { title: 'Pago', body: 'x', url: '/intermediacao/1', tag: 'intermediacao-1' },
    ]);
    // Staff's figures count them.
    const system = await api.as(admin.cookie).get('/api/admin/system');
    expect(system.statusCode).toBe(200);
    const figures = (system.json() as { push: { pruned: number; failed: number; sent: number } }).push;
    expect(figures.pruned).toBeGreaterThanOrEqual(2);
    expect(figures.failed).toBeGreaterThanOrEqual(2);
    expect(figures.sent).toBeGreaterThanOrEqual(1);
  });

  it('two processes sweeping and sending at once send each push once', async () => {
    const other = (await t.sibling()) ?? (await t.alongside()).app;
    const owner = await member();
    const phones = [await subscribed(owner), await subscribed(owner)].map((s) => s.sub);
    const count = 40;
    for (let n = 0; n < count; n++) {
      await t.db.transaction((tx) =>
        notify(tx, {
          userId: owner.id,
          kind: 'trade_message',
          title: `Msg ${n}`,
          body: 'x',
          link: `/intermediacao/${n}`,
        }),
      );
    }
    await Promise.all([t.app.pushes.queueDue(), other.pushes.queueDue(), t.app.pushes.queueDue()]);
    await expect.poll(pushJobsPending, { timeout: 30_000 }).toBe(0);
    for (const phone of phones) {
      const titles = payloadsFor(phone).map((p) => (p as { title: string }).title);
      expect(titles).toHaveLength(count);
      expect(new Set(titles).size).toBe(count);
    }
    // Both processes did work (PostgreSQL: separate pools and workers).
    expect(service.violations).toEqual([]);
  });
});
