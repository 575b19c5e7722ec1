import { errorMessages } from '@shared/errors';
import { type Readiness, readinessMessages } from '@shared/health';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorOf } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 24: `/api/health/ready` tells a load balancer whether to send this process traffic; `/api/health` only
 * says it is alive. Each failed check is named by a stable code with a pt-BR sentence.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const unready = (...codes: (keyof typeof readinessMessages)[]): Readiness => ({
  status: 'unready',
  problems: codes.map((code) => ({ code, message: readinessMessages[code] })),
});

describe('readiness', () => {
  it('is ready with a migrated database, room on disk and no shutdown under way; never cached', async () => {
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', problems: [] });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is unready while the data folder is short of space', async () => {
    // 100 TB free: no test machine has it.
    const full = await t.alongside({ MIN_FREE_DISK_MB: String(100 * 1024 * 1024) });
    try {
      const res = await full.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unready('disk-low'));
      // Alive all the same: the liveness check does not restart a process for it.
      expect((await full.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await full.close();
    }
  });

  it('is unready while migrations are missing, and while the database does not answer', async () => {
    // As while another process applies them (in one transaction): this version's migrations are not visible.
    await t.db.execute(sql`alter table drizzle.__drizzle_migrations rename to hidden_migrations`);
    const other = await t.alongside();
    try {
      const pending = await other.app.inject('/api/health/ready');
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual(unready('migrations-pending'));
      await t.db.execute(sql`alter table drizzle.hidden_migrations rename to __drizzle_migrations`);
      expect((await other.app.inject('/api/health/ready')).statusCode).toBe(200);

      const execute = vi.spyOn(t.db, 'execute').mockRejectedValue(new Error('connection terminated'));
      const down = await other.app.inject('/api/health/ready');
      execute.mockRestore();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual(unready('database-down'));
    } finally {
      await other.close();
    }
  });

  it('is unready from the first step of a shutdown', async () => {
    t.app.readiness.drain();
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unready('draining'));
    // Any other request arriving now (on a kept-alive connection) is sent elsewhere, in pt-BR.
    const late = await t.app.inject('/api/games');
    expect(late.statusCode).toBe(503);
    expect(errorOf(late)).toEqual({ code: 'SHUTTING_DOWN', message: errorMessages.shuttingDown });
    expect(late.headers.connection).toBe('close');
  });
});
