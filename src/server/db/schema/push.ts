import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

/**
 * One browser's Web Push subscription (issue 38): where its push service takes pushes for it (`endpoint`, a
 * capability URL: never shown back) and the keys its pushes are encrypted to. One row per endpoint: a browser
 * subscribing again, or the same device for another member, replaces the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'Chrome no Android', from the user agent that subscribed (src/shared/user-agent.ts). */
    device: text('device').notNull(),
    createdAt: createdAt(),
    /** The last push its push service accepted. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * What became of the pushes, for staff (/metrics, Sistema): one row per outcome ('sent', 'failed', 'pruned'),
 * counted up by whichever process sent, so every process reads the same totals.
 */
export const pushTallies = pgTable('push_tallies', {
  outcome: text('outcome').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(sql`0`),
});
