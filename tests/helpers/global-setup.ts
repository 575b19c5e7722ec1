import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../../src/server/db/client';
import { createJobRunner } from '../../src/server/jobs/runner';
import { createPostgresDatabase, dropPostgresDatabasesOf, waitUntilUnused } from './test-database';

/**
 * Migrates once per run (the API project's global setup): on PostgreSQL (TEST_DATABASE_URL) a template database
 * that each test file clones, on PGlite a data directory tarball that each test file's in-memory database loads.
 * Running every migration here is also what tests them, on the database the run is for. pg-boss's schema is
 * installed too, as the app's first start would (decision 021), so each test app's start only opens it.
 */
const silent = new Proxy({}, { get: () => () => {} }) as FastifyBaseLogger;

async function migrate(database: Database) {
  await database.migrate();
  const runner = createJobRunner({ database, log: silent, jobs: [] });
  await runner.open();
  await runner.close();
}

export async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // Every database of the run (the template, each file's) starts with this; the teardown drops them together.
    const run = `mg_test_${randomBytes(4).toString('hex')}`;
    const template = await createPostgresDatabase(adminUrl, { prefix: `${run}_template` });
    try {
      const database = await openDatabase({ url: template.url, pgliteDir: 'memory://' });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      // A template is copied only while nobody is connected to it.
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await waitUntilUnused(admin, template.name).finally(() => admin.end());
    } catch (error) {
      await template.drop();
      throw error;
    }
    project.provide('migratedPostgresTemplate', template.name);
    project.provide('postgresRunPrefix', run);
    return () => dropPostgresDatabasesOf(adminUrl, `${run}_`);
  }

  const database = await openDatabase({ pgliteDir: 'memory://' });
  let tarball: Blob | undefined;
  try {
    await migrate(database);
    // Each test file's PGlite unpacks this tarball: without the two template databases, which a PGlite never
    // copies, it is 28 MB instead of 43 and a file's database opens in ~465 ms of CPU instead of ~590.
    for (const template of ['template1', 'template0']) {
      await database.pglite?.query(`alter database ${template} is_template false`);
      await database.pglite?.query(`drop database ${template}`);
    }
    tarball = await database.dumpDataDir?.();
  } finally {
    await database.close();
  }
  if (!tarball) throw new Error('PGlite gave no data directory');
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-api-migrated-'));
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('migratedPgliteDataDir', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
