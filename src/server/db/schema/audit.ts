import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

// The staff audit log (decision 017).

/** Staff actions on other people's content, for the admin audit. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What was removed or changed, so the audit still reads after the row is gone. */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst())],
);
