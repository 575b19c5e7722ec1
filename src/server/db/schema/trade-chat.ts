import { chatMessageKinds } from '@shared/trade-chat';
import { index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';
import { trades } from './trades';

export const chatMessageKind = pgEnum('chat_message_kind', chatMessageKinds);

/**
 * One chat line of a trade. `author_id` is null for a line the platform wrote (the off-platform warning) and once
 * the author's account is gone. The trade's steps are not copied here: the chat reads `trade_events` beside it.
 * An image's files live with the trade's other private files under 'trades/<id>/' (`${image_key}-${width}.webp`).
 */
export const tradeChatMessages = pgTable(
  'trade_chat_messages',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: chatMessageKind('kind').notNull(),
    body: text('body').notNull().default(''),
    imageKey: text('image_key'),
    imageWidths: integer('image_widths').array(),
    createdAt: createdAt(),
  },
  (t) => [index('trade_chat_messages_trade_idx').on(t.tradeId, t.id)],
);

/** How far each user has read a trade's chat: the id of the last message they saw. */
export const tradeChatReads = pgTable(
  'trade_chat_reads',
  {
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tradeId, t.userId] })],
);
