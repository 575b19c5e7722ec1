import { reportStatuses, reportTargets } from '@shared/reports';
import { index, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';

// What members report and staff decide (decision 018).

export const reportTarget = pgEnum('report_target', reportTargets);
export const reportStatus = pgEnum('report_status', reportStatuses);

/** What users report; staff moderate them (reports issue). One report per user per target. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: reportTarget('target_type').notNull(),
    /** The post or listing id, or the user id, as text. */
    targetId: text('target_id').notNull(),
    /** What the target said when reported: it survives the target's deletion. */
    targetName: text('target_name').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    status: reportStatus('status').notNull().default('pendente'),
    adminResponse: text('admin_response'),
    /** The staff member who last moved the report. */
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reports_once_per_target_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);
