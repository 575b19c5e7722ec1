import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// The WhatsApp groups directory.

/** The WhatsApp groups directory, kept by staff (the spec hard-codes it in the client). */
export const whatsappGroups = pgTable('whatsapp_groups', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  memberCount: integer('member_count').notNull().default(0),
  whatsappLink: text('whatsapp_link').notNull(),
  gameCategory: text('game_category').notNull(),
  /** Stored picture: storage key prefix and the widths written (see media/photos.ts); null = placeholder. */
  imageKey: text('image_key'),
  imageWidths: integer('image_widths').array().notNull().default(sql`'{}'::int[]`),
  isOfficial: boolean('is_official').notNull().default(false),
  isVip: boolean('is_vip').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
