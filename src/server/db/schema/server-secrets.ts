import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Secrets every server process on one PostgreSQL database must share, generated once by the first process that
 * needs one (docs/decisions/025-shared-secrets.md). Only the session secret lives here: the delivery key seals
 * data in this database, so it must come from elsewhere (DELIVERY_SECRET).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
