import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import type { Storage } from '../../src/server/storage/storage';
import { createPostgresDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * The real app over a fresh, migrated database: PGlite in memory, or a new PostgreSQL database
 * (dropped on close) when TEST_DATABASE_URL is set. Both start as a copy of the database the global setup
 * migrated for the run (tests/helpers/global-setup.ts); without one, this one is migrated here.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    indexHtml?: string | null;
    sitemapPageSize?: number;
    storage?: Storage;
    pix?: BuildOptions['pix'];
    now?: BuildOptions['now'];
    payouts?: BuildOptions['payouts'];
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-api-'));
  const settings = {
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  };
  const config = loadConfig(settings);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? inject('migratedPostgresTemplate') : undefined;
  const pgliteDataDir = adminUrl ? undefined : inject('migratedPgliteDataDir');
  // The run's databases are dropped together at its end (test-database.ts, dropPostgresDatabasesOf).
  const runPrefix = adminUrl ? inject('postgresRunPrefix') : undefined;
  const pgDatabase = adminUrl
    ? await createPostgresDatabase(adminUrl, { template, prefix: runPrefix })
    : null;
  const database = await openDatabase({
    url: pgDatabase?.url,
    pgliteDir: 'memory://',
    pgliteDataDir: pgliteDataDir ? await openAsBlob(pgliteDataDir) : undefined,
  });
  if (!(template || pgliteDataDir)) await database.migrate();
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
     * Another app over the same database, set up otherwise: `moreEnv` over this one's settings, its own options
     * (a storage…). For a case about the app's configuration that needs no database of its own.
     */
    alongside: async (moreEnv: Record<string, string> = {}, moreOptions: typeof options = {}) => {
      const otherConfig = loadConfig({ ...settings, ...moreEnv });
      const other = await buildApp(otherConfig, { database, logger: false, indexHtml: null, ...moreOptions });
      await other.ready();
      return { app: other, config: otherConfig, close: () => other.close() };
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
      if (!runPrefix) await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
