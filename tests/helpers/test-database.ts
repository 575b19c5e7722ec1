import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The databases API tests run over. Migrating takes most of a fresh database's time, so the global setup
 * (tests/helpers/global-setup.ts) migrates one per run and every test file starts from a copy of it.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a file holding the migrated data directory's tarball (`dumpDataDir`). */
    migratedPgliteDataDir?: string;
    /** PostgreSQL runs: the migrated database each test database is cloned from (`CREATE DATABASE … TEMPLATE`). */
    migratedPostgresTemplate?: string;
    /** PostgreSQL runs: the name every database of this run starts with; the global teardown drops them all. */
    postgresRunPrefix?: string;
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new PostgreSQL database, a copy of `template` when given (which must then have no connections), dropped by
 * `drop`.
 */
export async function createPostgresDatabase(adminUrl: string, { prefix = 'mg_test', template = '' } = {}) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${admin.escapeIdentifier(template)}` : ''}`),
  );
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => dropPostgresDatabase(adminUrl, name),
  };
}

export async function dropPostgresDatabase(adminUrl: string, name: string) {
  await withAdmin(adminUrl, async (admin) => {
    await waitUntilUnused(admin, name);
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  });
}

/**
 * Waits for the connections to `name` to leave. pool.end() resolves before its sockets close: a forced drop
 * would kill backends still saying goodbye, and their FATAL would surface as an uncaught error; a template
 * with a connection left cannot be copied.
 */
export async function waitUntilUnused(admin: pg.Client, name: string) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Drops every database whose name starts with `prefix`, several at a time. PostgreSQL 15 waits for a checkpoint in
 * each DROP DATABASE (2–4 s on a shared disk): drops at once share one, where one per test file held the file.
 */
export async function dropPostgresDatabasesOf(adminUrl: string, prefix: string) {
  const names = await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    return rows.map((row) => row.datname);
  });
  const queue = [...names];
  const dropNext = async (): Promise<void> => {
    const name = queue.pop();
    if (!name) return;
    await withAdmin(adminUrl, (admin) =>
      admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`),
    );
    await dropNext();
  };
  await Promise.all(Array.from({ length: 8 }, dropNext));
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
