import { isAdmin } from '@shared/permissions';
import type {
  CheckName,
  DiskSpace,
  MaintenanceInput,
  MaintenanceWindow,
  ServiceState,
  StatusCheck,
  SystemStatus,
} from '@shared/status';
import { maintenanceInput } from '@shared/status';
import { statusMessages as m } from '@shared/status-messages';
import { asc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { maintenanceWindows } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';

/** A real, cheap call to one dependency; it throws when the dependency does not answer. */
export type Probe = () => Promise<void>;

/** Each check gets this long before it counts as down. */
export const CHECK_TIMEOUT_MS = 2_000;
/** A check that answers, but slower than this, counts as degraded. */
const DEGRADED_AFTER_MS = 1_000;
/**
 * How long one answer is reused. Every open status page polls every 30 s, and anyone may call the route: without
 * this, N visitors would mean N database queries, S3 requests and SMTP logins per poll. With it, the checks run
 * at most once per 10 s per process, whoever asks.
 */
const STATUS_CACHE_MS = 10_000;
const MAX_MAINTENANCE_LISTED = 20;

type Row = typeof maintenanceWindows.$inferSelect;
const toWindow = (row: Row): MaintenanceWindow => ({
  id: row.id,
  title: row.title,
  description: row.description,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
});

export function createStatusService(deps: {
  db: Db;
  probes: Record<CheckName, Probe>;
  log: FastifyBaseLogger;
  /** The data folder's free space (storage/disk.ts); null when it cannot be read. */
  disk?: () => Promise<DiskSpace | null>;
}) {
  const { db, probes, log, disk = async () => null } = deps;
  let cached: { at: number; answer: Promise<SystemStatus> } | null = null;

  async function runCheck(name: CheckName, probe: Probe): Promise<StatusCheck> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let state: ServiceState;
    try {
      await Promise.race([
        probe(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)),
            CHECK_TIMEOUT_MS,
          );
        }),
      ]);
      state = performance.now() - started > DEGRADED_AFTER_MS ? 'degraded' : 'operational';
    } catch (err) {
      // The reason stays in the log: the public answer names no host, bucket or error.
      log.warn({ err, check: name }, `status check failed: ${name}`);
      state = 'down';
    } finally {
      clearTimeout(timer);
    }
    return {
      name,
      state,
      latencyMs: Math.round(performance.now() - started),
      checkedAt: new Date().toISOString(),
    };
  }

  async function listMaintenance(): Promise<MaintenanceWindow[]> {
    const rows = await db
      .select()
      .from(maintenanceWindows)
      .where(gt(maintenanceWindows.endsAt, new Date()))
      .orderBy(asc(maintenanceWindows.startsAt), asc(maintenanceWindows.id))
      .limit(MAX_MAINTENANCE_LISTED);
    return rows.map(toWindow);
  }

  async function measure(): Promise<SystemStatus> {
    const [checks, maintenance, space] = await Promise.all([
      Promise.all((Object.keys(probes) as CheckName[]).map((name) => runCheck(name, probes[name]))),
      // With the database down the page still answers, with the checks and no maintenance list.
      listMaintenance().catch(() => []),
      disk().catch(() => null),
    ]);
    const state = overallState(checks);
    return {
      // Uploads refused for want of space: the site works, degraded.
      state: state === 'operational' && space?.low ? 'degraded' : state,
      checks,
      disk: space,
      uptimeSeconds: Math.round(process.uptime()),
      maintenance,
      checkedAt: new Date().toISOString(),
    };
  }

  return {
    /**
     * The latest answer, measured again when older than STATUS_CACHE_MS; callers at once share one run. The disk's
     * figures go to admins only (the Sistema tab): to the public, how full the server is helps nobody but an
     * attacker timing uploads to fill it.
     */
    async read(viewer: Viewer | null): Promise<SystemStatus> {
      const now = Date.now();
      if (!cached || now - cached.at >= STATUS_CACHE_MS) cached = { at: now, answer: measure() };
      const answer = await cached.answer;
      if (!answer.disk || (viewer && isAdmin(viewer))) return answer;
      return { ...answer, disk: { low: answer.disk.low } };
    },

    async addMaintenance(viewer: Viewer, input: MaintenanceInput): Promise<MaintenanceWindow> {
      const values = maintenanceInput.parse(input);
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(maintenanceWindows)
          .values({
            title: values.title,
            description: values.description,
            startsAt: new Date(values.startsAt),
            endsAt: new Date(values.endsAt),
            createdBy: viewer.userId,
          })
          .returning();
        if (!row) throw new Error('maintenance window not created');
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'maintenance_window.create',
          targetType: 'maintenance_window',
          targetId: row.id,
          details: values,
        });
        return row;
      });
      cached = null; // staff see their entry on the page at once
      return toWindow(row);
    },

    async removeMaintenance(viewer: Viewer, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(maintenanceWindows)
          .where(eq(maintenanceWindows.id, id))
          .returning();
        if (!deleted) throw new AppError('NOT_FOUND', m.maintenanceNotFound);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'maintenance_window.delete',
          targetType: 'maintenance_window',
          targetId: id,
          details: toWindow(deleted),
        });
      });
      cached = null;
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;

/** The database down takes the site down; anything else not operational leaves it degraded. */
function overallState(checks: StatusCheck[]): ServiceState {
  if (checks.some((c) => c.name === 'database' && c.state === 'down')) return 'down';
  return checks.every((c) => c.state === 'operational') ? 'operational' : 'degraded';
}
