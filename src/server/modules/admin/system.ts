import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DeadLetter, JobRun, SystemInfo } from '@shared/admin';
import { canReadAudit } from '@shared/permissions';
import { count, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import { type Database, queryRows } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import { appRoot, migrationsDir } from '../../paths';
import { readSavedSearchFigures } from '../saved-searches/figures';

const version = (JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

/** The migrations drizzle knows, by the `when` it records as `created_at` of each applied one. */
function readJournal(): Map<number, string> {
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    return new Map(journal.entries.map((e) => [e.when, e.tag]));
  } catch {
    return new Map();
  }
}

/** The Sistema tab's figures: this process, the database, the file store, the live sockets and the jobs. */
export function createSystemReader({
  database,
  storageKind,
  checkStorage,
  sockets,
  jobs,
  deadLetters,
  pushFigures,
}: {
  database: Database;
  storageKind: 'local' | 's3';
  checkStorage: () => Promise<void>;
  sockets: () => number;
  /** Each job's last and next run (jobs/runner.ts). */
  jobs: () => Promise<JobRun[]>;
  /** The payload jobs' runs that failed their last try (jobs/runner.ts). */
  deadLetters: () => Promise<DeadLetter[]>;
  /** Web Push's figures (push/service.ts). */
  pushFigures: () => Promise<NonNullable<SystemInfo['push']>>;
}) {
  const { db } = database;
  const journal = readJournal();

  return {
    async read(viewer: Viewer): Promise<SystemInfo> {
      if (!canReadAudit(viewer)) throw AppError.forbidden();
      const started = performance.now();
      const healthy = await db
        .execute(sql`select 1`)
        .then(() => true)
        .catch(() => false);
      const responseMs = healthy ? Math.round((performance.now() - started) * 10) / 10 : null;
      const storageHealthy = await checkStorage()
        .then(() => true)
        .catch(() => false);

      const [today] = healthy
        ? await db
            .select({ n: count() })
            .from(trades)
            .where(
              sql`${trades.createdAt} >= (date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')`,
            )
        : [];
      const [migration] = healthy
        ? await queryRows<{ created_at: string | number }>(
            db,
            sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
          ).catch(() => [])
        : [];
      const when = migration ? Number(migration.created_at) : null;

      return {
        version,
        startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
        uptimeSeconds: Math.floor(process.uptime()),
        node: process.version,
        database: { kind: database.kind, healthy, responseMs },
        storage: { kind: storageKind, healthy: storageHealthy },
        socketsConnected: sockets(),
        tradesToday: today?.n ?? 0,
        lastMigration:
          when === null
            ? null
            : { tag: journal.get(when) ?? 'desconhecida', generatedAt: new Date(when).toISOString() },
        jobs: healthy ? await jobs() : [],
        deadLetters: healthy ? await deadLetters() : [],
        push: healthy ? await pushFigures() : null,
        ...(healthy && { savedSearches: await readSavedSearchFigures(db) }),
      };
    },
  };
}

export type SystemReader = ReturnType<typeof createSystemReader>;
