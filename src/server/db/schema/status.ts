import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

// System status: maintenance announced on /status-sistemas.

/** Scheduled maintenance, written by staff (audited) and shown on the public status page until it ends. */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('maintenance_windows_ends_at_idx').on(t.endsAt),
    check('maintenance_windows_ends_after_starts', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
