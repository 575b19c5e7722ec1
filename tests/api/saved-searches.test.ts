import { DAILY_ALERT_CAP, MAX_SAVED_SEARCHES, type SavedSearch } from '@shared/saved-searches';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import {
  notifications,
  savedSearchAlerts,
  savedSearches,
  serverSecrets,
  userSettings,
} from '../../src/server/db/schema';
import type { Mail } from '../../src/server/mail/mailer';
import { readSavedSearchFigures } from '../../src/server/modules/saved-searches/figures';
import { recordListingEvent } from '../../src/server/modules/saved-searches/matching';
import { createUnsubscribeTokens } from '../../src/server/modules/saved-searches/unsubscribe';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames, createListing, listingForm, photo, postListing } from '../factories/listings';
import { apiOf, apiTest } from '../helpers/api';
import { errorOf } from '../helpers/http';
import { multipart } from '../helpers/multipart';
import { mailJobsDone, mailsArrive, readOutbox } from '../helpers/outbox';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

/** Saved searches that alert (issue 38 part 3): the API, the matching, the cap and digest, the unsubscribe link. */
let t: TestApp;
const it = apiTest(() => t);
let games: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  games = await createGames(t.db);
});
afterAll(() => t?.close());

const valorant = () => games.valorant as number;
const save = async (who: TestUser, body: object) => {
  const res = await apiOf(() => t)
    .as(who)
    .post('/api/alerts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SavedSearch;
};

const bellOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'saved_search_match')));
const alertsOf = (userId: string) =>
  t.db.select().from(savedSearchAlerts).where(eq(savedSearchAlerts.userId, userId));
/**
 * The mails queued to `email` (the mail jobs' payloads, in the order queued): what the alerts wrote, whatever the
 * mail job's pace on a loaded machine.
 */
const queuedMailsTo = (email: string) =>
  queryRows<{ data: Mail }>(
    t.db,
    sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${email} order by created_on, id`,
  ).then((rows) => rows.map((row) => row.data));

/** An event recorded as a listing's transaction records it, without waking the job: the test runs the matcher. */
const eventFor = (listingId: number, event: 'new' | 'price_drop' = 'new') =>
  t.db.transaction((tx) => recordListingEvent(tx, listingId, event, async () => {}));

describe('the alerts API', () => {
  it('creates, lists, renames, pauses and deletes: the owner only', async ({ api }) => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const moderator = await createStaff(t.db, 'moderator');
    const admin = await createStaff(t.db, 'admin');
    const filters = {
      game: 'valorant',
      kind: 'accounts',
      maxPriceCents: 20_000,
      q: 'imortal',
      sort: 'recent',
    };

    const guest = await api.as(null).post('/api/alerts', { name: 'x', filters });
    expect(guest.statusCode).toBe(401);
    expect(errorOf(guest).message).toBe('Entre na sua conta para criar e ver seus alertas');
    expect((await api.as(null).get('/api/alerts')).statusCode).toBe(401);

    const created = await save(owner, { name: 'Conta Valorant barata', filters });
    expect(created).toMatchObject({
      name: 'Conta Valorant barata',
      gameName: 'Valorant',
      paused: false,
      email: true,
    });
    expect(created.filters).toEqual(filters);

    for (const who of [stranger, moderator, admin]) {
      expect((await api.as(who).get('/api/alerts')).json().items).toEqual([]);
      const renamed = await api.as(who).patch(`/api/alerts/${created.id}`, { name: 'Meu' });
      expect(renamed.statusCode).toBe(404);
      expect(errorOf(renamed).message).toBe('Alerta não encontrado');
      expect((await api.as(who).delete(`/api/alerts/${created.id}`)).statusCode).toBe(404);
    }
    expect((await api.as(null).patch(`/api/alerts/${created.id}`, { paused: true })).statusCode).toBe(401);
    expect((await api.as(null).delete(`/api/alerts/${created.id}`)).statusCode).toBe(401);

    const listed = (await api.as(owner).get('/api/alerts')).json();
    expect(listed.max).toBe(MAX_SAVED_SEARCHES);
    expect(listed.items.map((s: SavedSearch) => s.id)).toEqual([created.id]);

    const paused = await api
      .as(owner)
      .patch(`/api/alerts/${created.id}`, { name: 'Renomeado', paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ name: 'Renomeado', paused: true });
    const resumed = await api.as(owner).patch(`/api/alerts/${created.id}`, { paused: false, email: false });
    expect(resumed.json()).toMatchObject({ paused: false, email: false });

    expect((await api.as(owner).delete(`/api/alerts/${created.id}`)).statusCode).toBe(204);
    expect((await api.as(owner).get('/api/alerts')).json().items).toEqual([]);
    expect((await api.as(owner).delete(`/api/alerts/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown game, a blank name, a price range upside down, and past the maximum', async ({
    api,
  }) => {
    const owner = await createUser(t.db);
    const unknown = await api.as(owner).post('/api/alerts', { name: 'x', filters: { game: 'nao-existe' } });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe('Jogo não encontrado');
    expect((await api.as(owner).post('/api/alerts', { name: '  ', filters: {} })).statusCode).toBe(400);
    const range = await api
      .as(owner)
      .post('/api/alerts', { name: 'x', filters: { minPriceCents: 500, maxPriceCents: 100 } });
    expect(range.statusCode).toBe(400);

    await t.db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => ({
        userId: owner.id,
        name: `A${i}`,
        filters: {},
        paused: true,
      })),
    );
    const tooMany = await api.as(owner).post('/api/alerts', { name: 'Mais um', filters: {} });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).message).toBe(
      `Você já tem ${MAX_SAVED_SEARCHES} alertas, o máximo. Apague um para criar outro.`,
    );
  });
});

describe('matching', () => {
  it('a listing published through the API that matches rings the bell within seconds, and mails', async ({
    api,
  }) => {
    const buyer = await createUser(t.db);
    const seller = await createUser(t.db);
    const search = await save(buyer, {
      name: 'Imortal barata',
      filters: { game: 'valorant', kind: 'accounts', q: 'imortal', maxPriceCents: 20_000 },
    });
    // Not matching: another kind, too dear, other words.
    await save(buyer, { name: 'Moedas', filters: { game: 'valorant', kind: 'coins' } });
    await save(buyer, { name: 'Barata demais', filters: { maxPriceCents: 1_000 } });
    await save(buyer, { name: 'Radiante', filters: { q: 'radiante' } });

    const cookie = await sessionCookie(t, seller.id);
    const res = await postListing(
      t.app,
      cookie,
      listingForm(valorant(), { title: 'Conta Imortal 3 com skins', price: '150,00' }),
      [await photo()],
    );
    expect(res.statusCode, res.body).toBe(201);
    const listingId = res.json().id as number;

    await vi.waitFor(async () => expect(await bellOf(buyer.id)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    const [note] = await bellOf(buyer.id);
    expect(note).toMatchObject({
      title: 'Alerta “Imortal barata”: novo anúncio',
      link: `/listing/${listingId}`,
    });
    expect(note?.body).toContain('Conta Imortal 3 com skins (Valorant) por R$');
    const [mail] = await mailsArrive(t.config.dataDir, buyer.email);
    expect(mail?.subject).toBe('Alerta “Imortal barata”: Novo anúncio: Conta Imortal 3 com skins');
    expect(mail?.link).toBe(`${TEST_ORIGIN}/listing/${listingId}`);
    const unsubscribe = mail?.headers?.['List-Unsubscribe'] ?? '';
    expect(unsubscribe).toMatch(new RegExp(`^<${TEST_ORIGIN}/alertas/sair\\?t=[\\w-]+\\.[\\w-]+>$`));
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain(unsubscribe.slice(1, -1));
    expect(
      (await api.as(buyer).get('/api/alerts')).json().items.find((s: SavedSearch) => s.id === search.id),
    ).toMatchObject({ lastMatchedAt: expect.any(String) });
  });

  it('a price drop through the API matches; a rise does not; a paused alert and the seller’s own never', async ({
    api,
  }) => {
    const buyer = await createUser(t.db);
    const pausedOwner = await createUser(t.db);
    const seller = await createUser(t.db);
    await save(buyer, { name: 'Até 100', filters: { game: 'valorant', maxPriceCents: 10_000 } });
    const paused = await save(pausedOwner, { name: 'Pausado', filters: { maxPriceCents: 10_000 } });
    await api.as(pausedOwner).patch(`/api/alerts/${paused.id}`, { paused: true });
    // The seller's own search matches the listing, but never alerts them.
    await save(seller, { name: 'O meu', filters: { maxPriceCents: 10_000 } });

    const cookie = await sessionCookie(t, seller.id);
    const form = listingForm(valorant(), { title: 'Conta Prata', price: '150,00' });
    const res = await postListing(t.app, cookie, form, [await photo()]);
    const listingId = res.json().id as number;
    const edit = async (price: string) => {
      const imageId = (await api.as(seller).get(`/api/listings/${listingId}/edit`)).json().images[0].id;
      const body = multipart({ ...form, price, keepImageIds: JSON.stringify([imageId]) }, []);
      const answer = await api.as(cookie).put(`/api/listings/${listingId}`, body);
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await edit('90,00');
    await vi.waitFor(async () => expect(await bellOf(buyer.id)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await bellOf(buyer.id))[0]?.title).toBe('Alerta “Até 100”: preço baixou');
    // A rise, then a second drop: the (search, listing, price drop) alert was made already.
    await edit('95,00');
    await edit('80,00');
    await t.app.savedSearchAlerts.matchPending();
    expect(await bellOf(buyer.id)).toHaveLength(1);
    expect(await bellOf(pausedOwner.id)).toHaveLength(0);
    expect(await bellOf(seller.id)).toHaveLength(0);
    expect(await alertsOf(seller.id)).toHaveLength(0);
  });

  it('each (search, listing, event) alerts once, even with two runners at once', async () => {
    const buyer = await createUser(t.db);
    const seller = await createUser(t.db);
    await t.db
      .insert(userSettings)
      .values({ userId: buyer.id, emailNotifications: false })
      .onConflictDoNothing();
    await save(buyer, { name: 'Tudo', filters: {} });
    const listingId = await createListing(t.db, seller.id, { gameId: valorant(), title: 'Faca karambit' });
    await eventFor(listingId);
    await eventFor(listingId);
    const other = (await t.sibling()) ?? (await t.alongside()).app;
    await Promise.all([
      t.app.savedSearchAlerts.matchPending(),
      other.savedSearchAlerts.matchPending(),
      t.app.savedSearchAlerts.matchPending(),
      other.savedSearchAlerts.matchPending(),
    ]);
    expect(await alertsOf(buyer.id)).toHaveLength(1);
    expect(await bellOf(buyer.id)).toHaveLength(1);
    // The e-mail switch off: the bell only.
    await mailJobsDone(t.db);
    expect(readOutbox(t.config.dataDir).filter((m) => m.to === buyer.email)).toHaveLength(0);
  });

  it(`after ${DAILY_ALERT_CAP} alerts a day the rest wait for one digest the next day`, async () => {
    const buyer = await createUser(t.db);
    const seller = await createUser(t.db);
    await save(buyer, { name: 'Skins', filters: { kind: 'skins' } });
    const extra = 3;
    for (let i = 0; i < DAILY_ALERT_CAP + extra; i++) {
      const id = await createListing(t.db, seller.id, {
        gameId: valorant(),
        title: `Skin ${i}`,
        kind: 'skins',
      });
      await eventFor(id);
    }
    await t.app.savedSearchAlerts.matchPending();
    expect(await bellOf(buyer.id)).toHaveLength(DAILY_ALERT_CAP);
    const alerts = await alertsOf(buyer.id);
    expect(alerts.filter((a) => a.delivery === 'sent')).toHaveLength(DAILY_ALERT_CAP);
    expect(alerts.filter((a) => a.delivery === 'digest')).toHaveLength(extra);
    expect(await queuedMailsTo(buyer.email)).toHaveLength(DAILY_ALERT_CAP);
    // The staff's figures (Sistema, /metrics) count them: today's sent and held (other tests add their own).
    const figures = await readSavedSearchFigures(t.db);
    expect(figures.sentToday).toBeGreaterThanOrEqual(DAILY_ALERT_CAP);
    expect(figures.heldToday).toBeGreaterThanOrEqual(extra);
    expect(figures.matchedToday).toBe(figures.sentToday + figures.heldToday);

    // Not today's digest: the day is not over.
    expect(await t.app.savedSearchAlerts.sendDigests()).toBe(0);
    const tomorrow = new Date(Date.now() + 36 * 60 * 60 * 1000);
    const [digests] = await Promise.all([
      t.app.savedSearchAlerts.sendDigests(tomorrow),
      t.app.savedSearchAlerts.sendDigests(tomorrow),
    ]);
    expect(digests).toBeGreaterThanOrEqual(0);
    const mails = await queuedMailsTo(buyer.email);
    expect(mails).toHaveLength(DAILY_ALERT_CAP + 1);
    const digest = mails.find((m) => m.subject.startsWith('Resumo'));
    expect(digest?.subject).toBe(`Resumo dos seus alertas: ${extra} anúncios`);
    for (let i = DAILY_ALERT_CAP; i < DAILY_ALERT_CAP + extra; i++)
      expect(digest?.text).toContain(`Skin ${i}`);
    expect(digest?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await alertsOf(buyer.id)).filter((a) => a.delivery === 'digested')).toHaveLength(extra);
    expect(await t.app.savedSearchAlerts.sendDigests(tomorrow)).toBe(0);
  });
});

describe('the unsubscribe link', () => {
  it('works signed out: GET shows the page, POST turns the alert’s e-mail off; a tampered or expired one is refused', async ({
    api,
  }) => {
    const buyer = await createUser(t.db);
    const seller = await createUser(t.db);
    const search = await save(buyer, { name: 'Karambit', filters: { q: 'karambit' } });
    const listingId = await createListing(t.db, seller.id, { gameId: valorant(), title: 'Karambit fade' });
    await eventFor(listingId);
    await t.app.savedSearchAlerts.matchPending();
    const [mail] = await queuedMailsTo(buyer.email);
    const url = new URL((mail?.headers?.['List-Unsubscribe'] ?? '').slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    const page = await api.as(null).get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('o alerta “Karambit”');
    expect(page.body).toContain('<form method="post">');
    // Looking is not unsubscribing.
    expect((await api.as(buyer).get('/api/alerts')).json().items[0].email).toBe(true);

    const token = url.searchParams.get('t') ?? '';
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [tampered, 'abc', '']) {
      const res = await api.as(null).get(`/alertas/sair?t=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Este link de cancelamento é inválido ou expirou.');
      expect((await api.as(null).post(`/alertas/sair?t=${encodeURIComponent(bad)}`)).statusCode).toBe(400);
    }

    // The RFC 8058 one-click: a mail provider's POST, a form body, no cookie and no Origin.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('Você não vai mais receber e-mails de o alerta “Karambit”');
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row).toMatchObject({ email: false, paused: false });
    expect((await api.as(null).post(path)).statusCode).toBe(200);

    // Expired: the same secret, signed 61 days ago for 60.
    const [secret] = await t.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'alert-unsubscribe'));
    const old = createUnsubscribeTokens(
      secret?.value ?? '',
      () => new Date(Date.now() - 61 * 24 * 60 * 60 * 1000),
    );
    const expired = old.sign({ kind: 's', searchId: search.id });
    expect((await api.as(null).get(`/alertas/sair?t=${expired}`)).statusCode).toBe(400);
    const fresh = old.sign({ kind: 's', searchId: search.id }, 90);
    expect((await api.as(null).get(`/alertas/sair?t=${fresh}`)).statusCode).toBe(200);
  });
});
