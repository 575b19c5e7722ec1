import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// Home banners (decision 017).

/** Home banners (issue 13): admins manage them in the panel; /home shows the active ones by display order. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    /** An uploaded picture under 'banners/<id>/' (the photo pipeline's WebP widths), or… */
    imageKey: text('image_key'),
    imageWidths: integer('image_widths').array().notNull().default(sql`'{}'::int[]`),
    /** …an https address given by the admin. Exactly one of the two is set. */
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    displayOrder: integer('display_order').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('banners_active_order_idx').on(t.active, t.displayOrder),
    check('banners_display_order_positive', sql`${t.displayOrder} >= 1`),
    check('banners_one_image', sql`(${t.imageKey} is null) <> (${t.imageUrl} is null)`),
  ],
);
