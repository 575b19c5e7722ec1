import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { mailJob } from '../../src/server/jobs/mail';
import { createJobRunner } from '../../src/server/jobs/runner';
import { createMailer } from '../../src/server/mail/mailer';
import { createStaff, createUser } from '../factories/accounts';
import { apiOf, injectAs } from '../helpers/api';
import { signIn } from '../helpers/http';
import { readOutbox } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Payload jobs (decision 021): every one-off mail is the `mail` job, written in the action's transaction, sent after
 * its commit by one process, retried with backoff, and left as a dead letter (Sistema, /metrics) after its last try.
 */

const TOKEN = 'um-token-de-metricas-bem-longo';
/** A ceiling for what a job does after the request that queued it, polled. */
const WAIT = { timeout: 20_000, interval: 50 };

let ip = 0;
const requestReset = (app: TestApp['app'], email: string) =>
  injectAs(
    app,
    'POST',
    '/api/accounts/password-reset',
    undefined,
    { email },
    { remoteAddress: `10.9.0.${++ip}` },
  );

const mailRows = (db: TestApp['db'], state?: string) =>
  queryRows<{ state: string; retry_count: number }>(
    db,
    sql`select state, retry_count from pgboss.job where name = 'mail' ${state ? sql`and state = ${state}` : sql``}`,
  );

describe('the mail job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('sends a one-off mail after the request, as a job that completes', async () => {
    const user = await createUser(t.db);
    const response = await requestReset(t.app, user.email);
    expect(response.statusCode).toBe(202);
    await vi.waitFor(() => {
      const mails = readOutbox(t.config.dataDir).filter((m) => m.to === user.email);
      expect(mails.map((m) => m.subject)).toEqual(['Redefina sua senha no Mercado Gamer']);
    }, WAIT);
    await vi.waitFor(async () => expect(await mailRows(t.db, 'completed')).toHaveLength(1), WAIT);
  });

  it('refuses at send a payload that fails the job’s schema, writing nothing', async () => {
    const before = (await mailRows(t.db)).length;
    await expect(
      t.app.jobs.send('mail', { to: 'sem-arroba', subject: '', text: 'x', html: 'x' }),
    ).rejects.toThrow(/dados inválidos para a tarefa mail/);
    expect(await mailRows(t.db)).toHaveLength(before);
  });

  it('is not sent when the action’s transaction rolls back', async () => {
    const before = readOutbox(t.config.dataDir).length;
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.jobs.send(
          'mail',
          { to: 'desfeito@teste.com', subject: 'Nunca', text: 'x', html: '<p>x</p>' },
          { via: tx },
        );
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    await t.app.jobs.send('mail', { to: 'feito@teste.com', subject: 'Depois', text: 'x', html: '<p>x</p>' });
    await vi.waitFor(() => expect(readOutbox(t.config.dataDir)).toHaveLength(before + 1), WAIT);
    expect(readOutbox(t.config.dataDir).map((m) => m.to)).not.toContain('desfeito@teste.com');
  });

  it('is sent once when two processes work the queue', async () => {
    // The other process: its own pool on PostgreSQL; on PGlite (one process owns it) a second runner on it.
    const own = t.database.url ? await openDatabase({ url: t.database.url, pgliteDir: 'memory://' }) : null;
    const sentBy: string[] = [];
    const outbox = createMailer(t.config.mail, t.app.log);
    const other = createJobRunner({
      database: own ?? t.database,
      log: t.app.log,
      jobs: [],
      payloadJobs: [
        mailJob(async (mail) => {
          sentBy.push('other');
          await outbox(mail);
        }, 1),
      ],
      pollingIntervalSeconds: 0.5,
    });
    await other.open();
    try {
      const before = readOutbox(t.config.dataDir).length;
      const subjects = Array.from({ length: 12 }, (_, i) => `Lote ${i}`);
      for (const subject of subjects) {
        await t.app.jobs.send('mail', {
          to: 'lote@teste.com',
          subject,
          text: subject,
          html: `<p>${subject}</p>`,
        });
      }
      await vi.waitFor(async () => expect(await mailRows(t.db, 'created')).toHaveLength(0), WAIT);
      await vi.waitFor(async () => expect(await mailRows(t.db, 'active')).toHaveLength(0), WAIT);
      const sent = readOutbox(t.config.dataDir)
        .slice(before)
        .map((m) => m.subject);
      expect(sent.toSorted()).toEqual(subjects.toSorted());
    } finally {
      await other.close();
      await own?.close();
    }
  });
});

describe('a mail the SMTP server refuses', () => {
  let tries = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      tries++;
      callback(Object.assign(new Error('Caixa indisponível'), { responseCode: 450 }));
    },
  });
  let t: TestApp;
  const api = apiOf(() => t);

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_SECONDS: '1',
      METRICS_TOKEN: TOKEN,
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('is tried five times with growing waits, then shown as a dead letter on Sistema and in /metrics', async () => {
    const admin = await createStaff(t.db, 'admin');
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const user = await createUser(t.db);
    expect((await requestReset(t.app, user.email)).statusCode).toBe(202);

    await vi.waitFor(
      async () => {
        const system = (await api.as(adminCookie).get('/api/admin/system')).json();
        expect(system.deadLetters).toMatchObject([
          {
            job: 'mail',
            label: 'E-mails avulsos',
            about: `para ${user.email}: Redefina sua senha no Mercado Gamer`,
            tries: 5,
          },
        ]);
        expect(system.deadLetters[0].error).toContain('Caixa indisponível');
      },
      { timeout: 60_000, interval: 500 },
    );
    expect(tries).toBe(5);
    // The mail failed, but nothing of it was a success elsewhere.
    expect(readOutbox(t.config.dataDir)).toHaveLength(0);

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.body).toContain('job_dead_letters{job="mail"} 1');
    expect(metrics.body).toMatch(/job_failures_total\{job="mail"\} 5/);
  }, 90_000);
});
