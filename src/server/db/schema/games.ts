import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

// The games catalogue that listings belong to.

export const games = pgTable('games', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Other slugs that lead to this game, e.g. 'freefire' for 'free-fire'. */
  aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
});
