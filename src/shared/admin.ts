import { z } from 'zod';
import { staffRole } from './accounts';
import { adminMessages as m } from './admin-messages';
import { staffSearch } from './support-queues';

/** Admin profile search answers at most this many (part 2 §9). */
export const STAFF_CANDIDATES_LIMIT = 20;
/** Audit log rows per page. */
export const AUDIT_PAGE_SIZE = 50;

export const staffMember = z.object({
  userId: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  role: staffRole,
  since: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffList = z.object({ staff: z.array(staffMember) });
export type StaffList = z.infer<typeof staffList>;

export const staffCandidatesQuery = z.object({ q: z.string().trim().max(100).default('') });
export const staffCandidate = z.object({
  userId: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  /** A suspension in force (issue 22): shown on the picker; such a member cannot be made staff. */
  suspended: z.boolean(),
  /** Until when; null with `suspended` is a permanent ban. */
  suspendedUntil: z.string().nullable(),
});
export type StaffCandidate = z.infer<typeof staffCandidate>;
export const staffCandidates = z.object({ candidates: z.array(staffCandidate) });
export type StaffCandidates = z.infer<typeof staffCandidates>;

export const addStaffInput = z.object({
  userId: z.string({ error: m.staffUserRequired }).trim().min(1, m.staffUserRequired),
  role: staffRole,
});
export type AddStaffInput = z.infer<typeof addStaffInput>;
export const changeStaffRoleInput = z.object({ role: staffRole });
export const staffParams = z.object({ userId: z.string().min(1) });

export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  actorId: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(100).optional(),
  /** The target by id ('12', '#12', a member's id) or by name (a member's name, username or e-mail, a title). */
  target: staffSearch,
});
export type AuditQuery = z.infer<typeof auditQuery>;

const sentencePart = z.object({ text: z.string(), href: z.string().optional() });
/** An entry read as a pt-BR sentence (`src/shared/audit-sentences.ts`), its details as labelled fields. */
export const auditSentenceSchema = z.object({
  parts: z.array(sentencePart),
  fields: z.array(z.object({ label: z.string(), value: z.string(), href: z.string().optional() })),
});
export const auditEntry = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: staffRole.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  sentence: auditSentenceSchema,
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** What the filters can choose from: the actions, target types and staff present in the log. */
  facets: z.object({
    actions: z.array(z.string()),
    targetTypes: z.array(z.string()),
    actors: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type AuditPage = z.infer<typeof auditPage>;

/** One job of the jobs layer (decision 021): its last run, by any process, and when it runs next. */
export const jobRun = z.object({
  name: z.string(),
  label: z.string(),
  everySeconds: z.number().int(),
  /** 'retrying': the run failed and a retry is queued; 'failed': it failed after its last try. */
  lastRun: z.object({ startedAt: z.string(), outcome: z.enum(['ok', 'retrying', 'failed']) }).nullable(),
  nextRunAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRun>;

/** A payload job's run that failed its last try (decision 021), kept for staff to read. */
export const deadLetter = z.object({
  id: z.string(),
  job: z.string(),
  label: z.string(),
  /** What it was about ('para ana@…: Redefina sua senha'), when the job says. */
  about: z.string().nullable(),
  tries: z.number().int(),
  error: z.string().nullable(),
  failedAt: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetter>;
/** A dead letter an admin retries or discards, by its pg-boss id. */
export const deadLetterParams = z.object({ id: z.uuid() });

/** The Sistema tab: figures read from the running process and the database, never samples. */
/** Saved searches that alert (issue 38 part 3): the figures Sistema and /metrics show. */
export const savedSearchFigures = z.object({
  active: z.number().int(),
  paused: z.number().int(),
  /** Today's alerts (São Paulo's day): all matched, sent at once, held past the cap for tomorrow's digest. */
  matchedToday: z.number().int(),
  sentToday: z.number().int(),
  heldToday: z.number().int(),
  /** Alerts of past days still waiting for their digest (the hourly job sends them). */
  digestDue: z.number().int(),
  digestedYesterday: z.number().int(),
});
export type SavedSearchFigures = z.infer<typeof savedSearchFigures>;

export const systemInfo = z.object({
  version: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  node: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    healthy: z.boolean(),
    responseMs: z.number().nullable(),
  }),
  storage: z.object({ kind: z.enum(['local', 's3']), healthy: z.boolean() }),
  socketsConnected: z.number().int(),
  tradesToday: z.number().int(),
  lastMigration: z.object({ tag: z.string(), generatedAt: z.string() }).nullable(),
  jobs: z.array(jobRun),
  deadLetters: z.array(deadLetter),
  /** Web Push (issue 38): devices subscribed, and the pushes sent, failed (each failed try) and pruned (404/410). */
  push: z
    .object({
      subscriptions: z.number().int(),
      sent: z.number().int(),
      failed: z.number().int(),
      pruned: z.number().int(),
    })
    .nullable(),
  // Saved searches that alert (issue 38 part 3); absent when the database is down.
  savedSearches: savedSearchFigures.optional(),
});
export type SystemInfo = z.infer<typeof systemInfo>;

/**
 * One figure of Visão Geral (part 2 §2: 'percentage change and up/down trend'): this period's value, the previous
 * period's, and the change between them in percent, one decimal — null when the previous period had none (the
 * card says 'novo' rather than dividing by zero).
 */
export const overviewMetric = z.object({
  current: z.number(),
  previous: z.number(),
  changePercent: z.number().nullable(),
  trend: z.enum(['up', 'down', 'flat']),
});
export type OverviewMetric = z.infer<typeof overviewMetric>;

/** A figure with its change against the previous period: 12 → 15 is +25 %, 0 → 3 has no percentage ('novo'). */
export function overviewMetricOf(current: number, previous: number): OverviewMetric {
  const trend = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  const changePercent =
    previous === 0 ? (current === 0 ? 0 : null) : Math.round(((current - previous) / previous) * 1000) / 10;
  return { current, previous, changePercent, trend };
}
export const overviewActivity = z.object({
  kind: z.enum(['staff', 'trade', 'user']),
  text: z.string(),
  /** A staff action read as the audit reads it: the sentence with its links (absent for trades and sign-ups). */
  parts: z.array(sentencePart).optional(),
  at: z.string(),
});
/** Visão Geral's alerts; each opens the queue it counts (the desk filtered on it, Repasses, reports, tickets). */
export const overviewAlertIds = [
  'overdue_disputes',
  'payouts_due',
  // The payouts' daily reconciliation with the PSP (issue 36): differences still open.
  'payout_mismatches',
  'disputes',
  'overdue_trades',
  'old_reports',
  'old_tickets',
] as const;
export const overviewAlert = z.object({
  id: z.enum(overviewAlertIds),
  count: z.number().int(),
  priority: z.enum(['high', 'medium', 'low']),
  /** The queue it counts, filtered on it (the alert's action button). */
  href: z.string(),
});
export const overview = z.object({
  /** Fee revenue in cents, this calendar month against the last (São Paulo time). */
  revenueCents: overviewMetric,
  /** Distinct users with a successful sign-in in the last 30 days, against the 30 before. */
  activeUsers: overviewMetric,
  /** Trades started today, against yesterday. */
  tradesToday: overviewMetric,
  /** Call recordings started today, against yesterday (a recorded call is the one we can count). */
  voiceCallsToday: overviewMetric,
  activity: z.array(overviewActivity),
  alerts: z.array(overviewAlert),
  /** Support tickets nobody has taken yet (status 'open'): the 'Suporte pendente' quick action's count. */
  pendingSupport: z.number().int(),
});
export type Overview = z.infer<typeof overview>;
