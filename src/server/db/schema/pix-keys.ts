import { pixKeyTypes } from '@shared/pix';
import { sql } from 'drizzle-orm';
import { boolean, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

// PIX keys: where a user's money is paid out.

export const pixKeyType = pgEnum('pix_key_type', pixKeyTypes);

/** A user's PIX keys (at most `MAX_PIX_KEYS`), stored normalised (src/shared/pix.ts); one of them is the default. */
export const pixKeys = pgTable(
  'pix_keys',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: pixKeyType('type').notNull(),
    key: text('key').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** When this key last became the default (shown on the payment page: a changed payout key is visible). */
    defaultSince: timestamp('default_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pix_keys_user_key_idx').on(t.userId, t.type, t.key),
    // At most one default per user, whatever the writer: two first keys added at once cannot both be it.
    uniqueIndex('pix_keys_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
