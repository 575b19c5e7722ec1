import type { AddressInfo } from 'node:net';
import { errorMessages } from '@shared/errors';
import type { SystemStatus } from '@shared/status';
import { statusMessages as m } from '@shared/status-messages';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { auditLog, maintenanceWindows } from '../../src/server/db/schema';
import { CHECK_TIMEOUT_MS } from '../../src/server/modules/status/service';
import type { BusMessage } from '../../src/server/realtime/bus';
import type { Storage } from '../../src/server/storage/storage';
import { createStaff, createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { startS3 } from '../helpers/s3';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let memberCookie: string;
let staffCookie: string;
let staffId: string;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createUser(t.db);
  const staff = await createStaff(t.db, 'moderator');
  staffId = staff.id;
  memberCookie = await signIn(t.app, member.email, member.password);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t.close());

const api = apiOf(() => t);

const hour = 3_600_000;
const window = (overrides: object = {}) => ({
  title: 'Atualização do banco de dados',
  description: 'O marketplace pode ficar lento por alguns minutos.',
  startsAt: new Date(Date.now() + hour).toISOString(),
  endsAt: new Date(Date.now() + 2 * hour).toISOString(),
  ...overrides,
});

describe('GET /api/status', () => {
  it('answers every real check as operational, with its time, the uptime and no secrets', async () => {
    const res = await api.as().get('/api/status');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as SystemStatus;
    expect(body.state).toBe('operational');
    expect(body.checks.map((c) => c.name)).toEqual(['database', 'storage', 'mail', 'realtime']);
    for (const check of body.checks) {
      expect(check.state).toBe('operational');
      expect(check.latencyMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(check.checkedAt)).not.toBeNaN();
      expect(Object.keys(check).sort()).toEqual(['checkedAt', 'latencyMs', 'name', 'state']);
    }
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.maintenance).toEqual([]);
    // The data folder's free space (issue 25), against the default MIN_FREE_DISK_MB of 1024: to a guest, only
    // whether uploads are refused.
    expect(body.disk).toEqual({ low: false });
    expect(res.body).not.toContain(t.config.media.dir);
    expect(res.body).not.toContain('outbox');
  });

  it("tells the disk's figures to admins only; guests, members and moderators learn whether uploads work", async () => {
    const admin = await createStaff(t.db, 'admin');
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    for (const cookie of [undefined, memberCookie, staffCookie]) {
      const res = await api.as(cookie).get('/api/status');
      expect((res.json() as SystemStatus).disk).toEqual({ low: false });
      expect(res.body).not.toMatch(/freeBytes|totalBytes|minFreeBytes/);
    }
    const { disk } = (await api.as(adminCookie).get('/api/status')).json() as SystemStatus;
    expect(disk).toMatchObject({ low: false, minFreeBytes: 1024 * 1024 * 1024 });
    expect(disk?.freeBytes).toBeGreaterThan(1024 * 1024 * 1024);
    expect(disk?.totalBytes).toBeGreaterThanOrEqual(disk?.freeBytes ?? 0);
  });

  it('reuses one answer for a few seconds, so polling pages cannot hammer the dependencies', async () => {
    const first = (await api.as().get('/api/status')).json() as SystemStatus;
    const second = (await api.as().get('/api/status')).json() as SystemStatus;
    expect(second.checkedAt).toBe(first.checkedAt);
  });

  it('reports a broken storage as down and the site as degraded, still with a 200', async () => {
    const broken = () => {
      throw new Error('s3.internal.example: AccessDenied for bucket secret-bucket');
    };
    const storage: Storage = {
      put: async () => broken(),
      get: async () => broken(),
      delete: async () => broken(),
      deletePrefix: async () => broken(),
      check: async () => broken(),
      // biome-ignore lint/correctness/useYield: a store that fails before its first file
      list: async function* () {
        broken();
      },
    };
    const other = await t.alongside({}, { storage });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/status' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as SystemStatus;
      expect(body.state).toBe('degraded');
      expect(Object.fromEntries(body.checks.map((c) => [c.name, c.state]))).toEqual({
        database: 'operational',
        storage: 'down',
        mail: 'operational',
        realtime: 'operational',
      });
      expect(res.body).not.toMatch(/secret-bucket|example|AccessDenied/);
    } finally {
      await other.close();
    }
  });

  it('reports a storage without its own check through its listing', async () => {
    const storage: Storage = {
      put: async () => {},
      get: async () => null,
      delete: async () => {},
      deletePrefix: async () => {},
      // biome-ignore lint/correctness/useYield: a store that fails before its first file
      list: async function* () {
        throw new Error('unreachable');
      },
    };
    const other = await t.alongside({}, { storage });
    try {
      const body = (await other.app.inject({ method: 'GET', url: '/api/status' })).json() as SystemStatus;
      expect(body.checks.find((c) => c.name === 'storage')?.state).toBe('down');
      expect(body.state).toBe('degraded');
    } finally {
      await other.close();
    }
  });

  it('checks the realtime layer by a probe that goes round the bus, invisible to every socket', async () => {
    const seen: BusMessage[] = [];
    const unlisten = await t.app.realtime.subscribe((message) => seen.push(message));
    try {
      // A fresh answer: the first test's may still be cached.
      const other = await buildApp(t.config, { database: t.database, logger: false, indexHtml: null });
      await other.ready();
      try {
        const body = (await other.inject({ method: 'GET', url: '/api/status' })).json() as SystemStatus;
        expect(body.checks.find((c) => c.name === 'realtime')?.state).toBe('operational');
      } finally {
        await other.close();
      }
      // The probe really travelled through the database's NOTIFY, where every process's subscription hears it.
      expect(seen).toContainEqual({ type: 'probe', id: expect.any(String) });
    } finally {
      await unlisten();
    }
  });

  it('reports a bus that never delivers as down and the site as degraded, still with a 200', async () => {
    // The same database, but a LISTEN that hears nothing: what a dead listening connection looks like.
    const deaf: Database = { ...t.database, listen: async () => async () => {} };
    const other = await buildApp(t.config, { database: deaf, logger: false, indexHtml: null });
    await other.ready();
    try {
      const res = await other.inject({ method: 'GET', url: '/api/status' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as SystemStatus;
      expect(body.state).toBe('degraded');
      expect(Object.fromEntries(body.checks.map((c) => [c.name, c.state]))).toEqual({
        database: 'operational',
        storage: 'operational',
        mail: 'operational',
        realtime: 'down',
      });
      expect(body.checks.find((c) => c.name === 'realtime')?.latencyMs).toBeGreaterThanOrEqual(
        CHECK_TIMEOUT_MS,
      );
    } finally {
      await other.close();
    }
  });

  it('asks the S3 bucket when uploads go to S3, and names no bucket or endpoint', async () => {
    const s3 = await startS3('status-bucket');
    const ok = await t.alongside(s3.env);
    const missing = await t.alongside({ ...s3.env, S3_BUCKET: 'balde-inexistente' });
    try {
      const states = async (app: TestApp['app']) => {
        const res = await app.inject({ method: 'GET', url: '/api/status' });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toMatch(/127\.0\.0\.1|status-bucket|balde-inexistente|S3RVER/);
        return (res.json() as SystemStatus).checks.find((c) => c.name === 'storage')?.state;
      };
      expect(await states(ok.app)).toBe('operational');
      expect(await states(missing.app)).toBe('down');
    } finally {
      await Promise.all([ok.close(), missing.close()]);
      await s3.close();
    }
  });

  it('asks the SMTP server when mail goes by SMTP, and names no host when it refuses', async () => {
    const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'] });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const up = await t.alongside({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const refused = await t.alongside({ SMTP_URL: 'smtp://mailer:segredo@127.0.0.1:1' });
    try {
      const mailOf = async (app: TestApp['app']) => {
        const res = await app.inject({ method: 'GET', url: '/api/status' });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toMatch(/127\.0\.0\.1|segredo|mailer/);
        const body = res.json() as SystemStatus;
        return [body.checks.find((c) => c.name === 'mail')?.state, body.state];
      };
      expect(await mailOf(up.app)).toEqual(['operational', 'operational']);
      expect(await mailOf(refused.app)).toEqual(['down', 'degraded']);
    } finally {
      await Promise.all([up.close(), refused.close()]);
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });
});

describe('maintenance windows', () => {
  it('refuses guests (401) and members (403), storing nothing', async () => {
    const guest = await api.as().post('/api/status/maintenance', window());
    expect(guest.statusCode).toBe(401);
    expect(errorOf(guest).message).toBe(errorMessages.unauthenticated);
    const member = await api.as(memberCookie).post('/api/status/maintenance', window());
    expect(member.statusCode).toBe(403);
    expect(errorOf(member).message).toBe(errorMessages.forbidden);
    expect(await t.db.select().from(maintenanceWindows)).toEqual([]);
  });

  it('refuses bad input with the pt-BR message, storing nothing', async () => {
    const cases: [object, string, string][] = [
      [{ title: '   ' }, 'title', m.titleRequired],
      [{ title: 'x'.repeat(121) }, 'title', m.titleTooLong],
      [{ startsAt: 'amanhã' }, 'startsAt', m.startsAtInvalid],
      [{ endsAt: new Date(Date.now() + hour / 2).toISOString() }, 'endsAt', m.endsBeforeStart],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await api.as(staffCookie).post('/api/status/maintenance', window(overrides));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(message);
      expect(errorOf(res).fields?.[field]).toBe(message);
    }
    const missing = await api.as(staffCookie).post('/api/status/maintenance', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields?.title).toBe(m.titleRequired);
    expect(await t.db.select().from(maintenanceWindows)).toEqual([]);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it('lets staff schedule and remove maintenance, audited, shown on the status until it ends', async () => {
    const res = await api.as(staffCookie).post('/api/status/maintenance', window());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ title: 'Atualização do banco de dados', id: expect.any(Number) });

    // An ended window is not announced; an ongoing one is, before the upcoming one.
    await t.db.insert(maintenanceWindows).values([
      { title: 'Antiga', startsAt: new Date(Date.now() - 3 * hour), endsAt: new Date(Date.now() - 2 * hour) },
      { title: 'Agora', startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour) },
    ]);
    const status = (await api.as().get('/api/status')).json() as SystemStatus;
    expect(status.maintenance.map((w) => w.title)).toEqual(['Agora', 'Atualização do banco de dados']);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'maintenance_window.create'));
    expect(audit).toMatchObject({
      actorId: staffId,
      targetType: 'maintenance_window',
      targetId: String(created.id),
    });
    const [row] = await t.db.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, created.id));
    expect(row?.createdBy).toBe(staffId);

    expect((await api.as().delete(`/api/status/maintenance/${created.id}`)).statusCode).toBe(401);
    expect((await api.as(memberCookie).delete(`/api/status/maintenance/${created.id}`)).statusCode).toBe(403);
    const removed = await api.as(staffCookie).delete(`/api/status/maintenance/${created.id}`);
    expect(removed.statusCode).toBe(204);
    const again = await api.as(staffCookie).delete(`/api/status/maintenance/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(m.maintenanceNotFound);
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.action, 'maintenance_window.delete')),
    ).toHaveLength(1);
    const after = (await api.as().get('/api/status')).json() as SystemStatus;
    expect(after.maintenance.map((w) => w.title)).toEqual(['Agora']);
  });
});
