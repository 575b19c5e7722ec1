import { platformAccounts } from '@shared/ledger';
import { metricsMessages as m } from '@shared/metrics-messages';
import { tradeStates } from '@shared/trade-process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { notifications } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** GET /metrics (README, Operations › Metrics): Prometheus's text, for the holder of METRICS_TOKEN only. */

const TOKEN = 'um-token-de-metricas-bem-longo';
let t: TestApp;
const api = apiOf(() => t);

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t?.close());

/** A scrape with the token, with another Authorization header, or (null) with none. */
const scrape = (authorization: string | null = `Bearer ${TOKEN}`) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of the sample `name{labels}` (labels as written, in their order), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** A ceiling for what arrives after the request that caused it (a bus event, a job's run), polled. */
const WAIT = { timeout: 20_000, interval: 50 };

/** Scrapes until `check` passes on the text, and answers that text. */
const scrapeUntil = (check: (text: string) => void) =>
  vi.waitFor(async () => {
    const text = (await scrape()).body;
    check(text);
    return text;
  }, WAIT);

describe('access', () => {
  it('answers 404 when METRICS_TOKEN is not set, even where the web app would serve the path', async () => {
    const off = await t.alongside({ METRICS_TOKEN: '' }, { indexHtml: '<!doctype html><title>SPA</title>' });
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer x' },
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(m.disabled);
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [null, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Bearer ']) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(errorOf(res).message).toBe(m.badToken);
      expect(res.body).not.toContain('process_cpu');
    }
  });

  it("answers Prometheus's text format with the token, the process's own figures included", async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });
});

describe('figures', () => {
  it('counts a request under its route template and status, and one no route matched as unmatched', async () => {
    const seller = await createUser(t.db);
    const gameId = Object.values(await createGames(t.db))[0] as number;
    const id = await createListing(t.db, seller.id, { gameId, title: 'Conta nível 90 com skins raras' });
    expect((await api.as().get(`/api/listings/${id}`)).statusCode).toBe(200);
    expect((await api.as().get('/api/listings/999999999')).statusCode).toBe(404);
    expect((await api.as().get(`/api/nao-existe/${id}`)).statusCode).toBe(404);

    const text = (await scrape()).body;
    const count = (labels: string) => sample(text, 'http_request_duration_seconds_count', labels);
    expect(count('method="GET",route="/api/listings/:id",status_code="200"')).toBe(1);
    expect(count('method="GET",route="/api/listings/:id",status_code="404"')).toBe(1);
    expect(count('method="GET",route="unmatched",status_code="404"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/listings/${id}"`);
    expect(text).not.toContain('/api/nao-existe');
    // The queries behind those requests were timed.
    expect(sample(text, 'db_query_duration_seconds_count')).toBeGreaterThan(0);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', 'state="total"')).toBeGreaterThan(0);
      expect(sample(text, 'db_pool_connections', 'state="waiting"')).toBe(0);
    } else expect(text).not.toContain('db_pool_connections');
  });

  it("shows nothing of a signed-in member: no e-mail, username or id, whatever the member's requests were", async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(t.app, member.email, member.password);
    for (const path of [
      '/api/accounts/me',
      `/api/profiles/${member.id}`,
      `/api/users/${member.nickname}`,
      `/api/users/${member.nickname}/listings`,
      `/api/profiles/${encodeURIComponent(member.email)}`,
    ]) {
      await api.as(cookie).get(path);
    }
    const text = (await scrape()).body;
    for (const personal of [member.email, member.nickname, member.id, member.email.split('@')[0] as string]) {
      expect(text).not.toContain(personal);
    }
    expect(text).toContain('route="/api/users/:username"');
  });

  it('counts the trades by state as the database does, and shows the escrow balance', async () => {
    const [buyer, seller] = [await createUser(t.db), await createUser(t.db)];
    const paid = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 12_345 });
    await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 500 });
    const ledger = createLedger(t.db);
    await t.db.transaction((tx) => ledger.paymentConfirmed(tx, paid));

    const text = (await scrape()).body;
    const counted = await queryRows<{ state: string; n: number | string }>(
      t.db,
      sql`select state, count(*) as n from trades group by state`,
    );
    const inDatabase = new Map(counted.map((row) => [row.state, Number(row.n)]));
    expect(inDatabase.get('awaiting_payment')).toBeGreaterThanOrEqual(2);
    for (const state of tradeStates) {
      expect(sample(text, 'trades', `state="${state}"`), state).toBe(inDatabase.get(state) ?? 0);
    }
    expect(sample(text, 'ledger_escrow_balance_cents')).toBe(await ledger.balanceOf(platformAccounts.escrow));
    expect(sample(text, 'ledger_escrow_balance_cents')).toBeGreaterThanOrEqual(12_345);
  });

  it('shows the last reconciliation an admin ran at the desk: none yet, then clean and when', async () => {
    const before = (await scrape()).body;
    expect(sample(before, 'ledger_reconciliation_clean')).toBeNaN();
    const admin = await createStaff(t.db, 'admin');
    const started = Math.floor(Date.now() / 1000);
    const res = await api
      .as(await signIn(t.app, admin.email, admin.password))
      .post('/api/staff/ledger/reconciliation');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().problems).toEqual([]);

    const after = (await scrape()).body;
    expect(sample(after, 'ledger_reconciliation_clean')).toBe(1);
    expect(sample(after, 'ledger_reconciliation_timestamp_seconds')).toBeGreaterThanOrEqual(started - 5);
  });

  it('counts the sockets open here as they open and close, and the bus delivery lag', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(t.app, member.email, member.password);
    const ws = await api.as(cookie).socket('/ws');
    await scrapeUntil((body) => expect(sample(body, 'realtime_open_sockets')).toBe(1));
    ws.terminate();
    await scrapeUntil((body) => expect(sample(body, 'realtime_open_sockets')).toBe(0));

    // Timed: an event the app publishes, and one a trigger sends (a notification, migration 0036).
    const delivered = async () => sample((await scrape()).body, 'realtime_delivery_lag_seconds_count') ?? 0;
    const before = await delivered();
    await t.app.realtime.publish({ type: 'probe', id: 'metrics-test' });
    await t.db.insert(notifications).values({
      userId: member.id,
      kind: 'offer_received',
      title: 'Nova oferta',
      body: 'Você recebeu uma oferta.',
      link: '/minhas-ofertas',
    });
    await scrapeUntil((body) =>
      expect(sample(body, 'realtime_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(before + 2),
    );
  });

  it('lists every job at zero before any run', async () => {
    const text = (await scrape()).body;
    for (const job of t.app.jobs.names()) {
      expect(sample(text, 'job_runs_total', `job="${job}"`), job).toBe(0);
      expect(sample(text, 'job_failures_total', `job="${job}"`), job).toBe(0);
    }
  });

  it('counts the notification mails due and not yet sent', async () => {
    const member = await createUser(t.db);
    const due = async () => sample((await scrape()).body, 'notification_mails_due') as number;
    const before = await due();
    const notification = (mailDueAt: Date | null) => ({
      userId: member.id,
      kind: 'offer_received' as const,
      title: 'Nova oferta',
      body: 'Você recebeu uma oferta.',
      link: '/minhas-ofertas',
      mailDueAt,
    });
    await t.db
      .insert(notifications)
      .values([
        notification(new Date(Date.now() - 60_000)),
        notification(new Date(Date.now() + 3_600_000)),
        notification(null),
      ]);
    // Only the one due now: the next is not due yet, the last has no mail.
    expect(await due()).toBe(before + 1);
  });

  it('counts the runs of the jobs this process ran, and how late each started', async () => {
    await t.app.jobs.start();
    try {
      // The payload jobs run when sent: one mail.
      await t.app.jobs.send('mail', {
        to: 'metricas@teste.com',
        subject: 'Oi',
        text: 'Oi',
        html: '<p>Oi</p>',
      });
      // And one push (Web Push): to no device, so it ends at once.
      await t.app.jobs.send('push', { subscriptionId: 0, notificationId: 0 });
      // Saved searches that alert (issue 38 part 3): a match of an event that is not there runs and does nothing.
      await t.app.jobs.send('saved-search-match', { eventId: 1 });
      const text = await scrapeUntil((body) => {
        for (const job of t.app.jobs.names())
          expect(sample(body, 'job_runs_total', `job="${job}"`), job).toBeGreaterThanOrEqual(1);
      });
      expect(sample(text, 'job_failures_total', 'job="trade-timers"')).toBe(0);
      expect(sample(text, 'job_start_lag_seconds_count', 'job="trade-timers"')).toBeGreaterThanOrEqual(1);
    } finally {
      await t.app.jobs.stop();
    }
  });
});
