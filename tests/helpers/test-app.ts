import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import type { Storage } from '../../src/server/storage/storage';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * The real app over a fresh, migrated database: PGlite in memory, or a new PostgreSQL database
 * (dropped on close) when TEST_DATABASE_URL is set.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    indexHtml?: string | null;
    sitemapPageSize?: number;
    storage?: Storage;
    pix?: BuildOptions['pix'];
    now?: BuildOptions['now'];
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const pgDatabase = process.env.TEST_DATABASE_URL
    ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
    : null;
  const database = await openDatabase({ url: pgDatabase?.url, pgliteDir: 'memory://' });
  await database.migrate();
  const app = await buildApp(config, { database, logger: false, indexHtml: null, ...options });
  await app.ready();
  const siblings: (() => Promise<void>)[] = [];

  return {
    app,
    db: database.db,
    database,
    config,
    /** Builds a second app over the same database, as a restarted process would. */
    restart: async () => {
      await app.close();
      const again = await buildApp(config, { database, logger: false, indexHtml: null });
      await again.ready();
      return again;
    },
    /**
     * Another server process on the same PostgreSQL database (its own pool and LISTEN connection), closed with
     * this one; null on PGlite, which one process owns.
     */
    sibling: async () => {
      if (!pgDatabase) return null;
      const own = await openDatabase({ url: pgDatabase.url, pgliteDir: 'memory://' });
      const other = await buildApp(config, { database: own, logger: false, indexHtml: null, ...options });
      await other.ready();
      siblings.push(async () => {
        await other.close();
        await own.close();
      });
      return other;
    },
    close: async () => {
      for (const closeSibling of siblings) await closeSibling();
      await app.close();
      await database.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function createPostgresDatabase(adminUrl: string) {
  const name = `mg_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pool.end() resolves before its sockets close: a forced drop would kill backends still saying
      // goodbye, and their FATAL would surface as an uncaught error. Wait for them to leave first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
