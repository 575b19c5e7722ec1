import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Readiness, type ReadinessProblem, readinessMessages } from '@shared/health';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, queryRows } from '../../db/client';
import { migrationsDir } from '../../paths';
import type { DiskSpace } from '../../storage/disk';

/** A database that has not answered in this long counts as down: a probe must not hang with it. */
const DATABASE_CHECK_MS = 2000;

/** The newest migration of this version, by the `when` drizzle records as `created_at` of each applied one. */
function readNewestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether this process should be sent traffic (`GET /api/health/ready`), unlike `/api/health`, which says it is
 * alive. Each probe costs one trivial query and one statfs: the database answers; every migration of
 * `drizzle/` is applied (drizzle applies them in one transaction, so while another process migrates the same
 * PostgreSQL they are still missing here); the data folder has room (storage/disk.ts); the process is not
 * shutting down (`drain()`, from the app's preClose).
 */
export function createReadiness({
  database,
  diskSpace,
  log,
}: {
  database: Database;
  diskSpace: DiskSpace;
  log: FastifyBaseLogger;
}) {
  const newestMigration = readNewestMigration();
  // Applied migrations are never taken back: once all are seen, the check is `select 1`.
  let migrated = false;
  let draining = false;

  /** Answers the migrations' state, or throws when the database does not answer. */
  async function readMigrations(): Promise<'ok' | 'pending'> {
    if (migrated) {
      await database.db.execute(sql`select 1`);
      return 'ok';
    }
    // Before the first migration the table itself is missing.
    const [table] = await queryRows<{ present: boolean }>(
      database.db,
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    );
    if (!table?.present) return 'pending';
    const [newest] = await queryRows<{ applied: boolean }>(
      database.db,
      sql`select coalesce(max(created_at), 0) >= ${newestMigration} as applied from drizzle.__drizzle_migrations`,
    );
    migrated = newest?.applied === true;
    return migrated ? 'ok' : 'pending';
  }

  async function readDatabase(): Promise<ReadinessProblem | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`sem resposta em ${DATABASE_CHECK_MS} ms`)),
        DATABASE_CHECK_MS,
      );
    });
    try {
      const migrations = await Promise.race([readMigrations(), timeout]);
      return migrations === 'pending' ? 'migrations-pending' : null;
    } catch (err) {
      log.warn({ err }, 'prontidão: o banco de dados não respondeu');
      return 'database-down';
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async check(): Promise<Readiness> {
      const [databaseProblem, disk] = await Promise.all([readDatabase(), diskSpace.read()]);
      const problems: ReadinessProblem[] = [];
      if (databaseProblem) problems.push(databaseProblem);
      // An unreadable file system does not stop uploads either (storage/disk.ts).
      if (disk?.low) problems.push('disk-low');
      if (draining) problems.push('draining');
      return {
        status: problems.length === 0 ? 'ready' : 'unready',
        problems: problems.map((code) => ({ code, message: readinessMessages[code] })),
      };
    },
    /** From now on the process answers unready: it is shutting down. */
    drain() {
      draining = true;
    },
    isDraining: () => draining,
  };
}

export type ReadinessCheck = ReturnType<typeof createReadiness>;
