import { z } from 'zod';
import { tradeChatMessages as m } from './trade-chat-messages';
import { tradeRoles } from './trades';

/** The longest chat message, in characters (after trimming). */
export const MAX_CHAT_MESSAGE_LENGTH = 2000;
/** Items per page of the chat's timeline (the newest window, then older pages). */
export const CHAT_PAGE_SIZE = 50;
/** One image per message, through the trade photo pipeline. */
export const MAX_CHAT_IMAGES = 1;

/** text: typed by a party; image: an image with an optional caption; warning: the off-platform warning line. */
export const chatMessageKinds = ['text', 'image', 'warning'] as const;

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** `POST /api/trades/:id/chat`: JSON `{ body }`, or multipart with `body` and one file under 'photos'. */
export const sendChatInput = z.object({
  body: z.string(m.bodyRequired).trim().max(MAX_CHAT_MESSAGE_LENGTH, m.bodyTooLong).default(''),
});

/**
 * The chat's timeline merges two sequences, the chat's own rows and the trade's steps (`trade_events`), so an
 * older page is asked with one cursor per sequence: the items before both.
 */
export const chatPageQuery = z.object({
  beforeMessage: id.optional(),
  beforeEvent: id.optional(),
});

export const markChatReadInput = z.object({ lastReadId: id });

export const chatImageParams = z.object({ id, messageId: id });
export const chatImageQuery = z.object({ w: z.coerce.number().int().min(1).max(4000).optional() });

const author = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(tradeRoles),
});

/** One line of the timeline: a message (text, image, warning) or a step of the trade (system). */
export const chatItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    id: z.number(),
    kind: z.enum(chatMessageKinds),
    /** Null for a line the platform wrote (the warning). */
    author: author.nullable(),
    body: z.string(),
    /** The private image route (widths 320/640/1280 via `?w=`), or null. */
    imageUrl: z.string().nullable(),
    createdAt: z.string(),
  }),
  z.object({
    type: z.literal('step'),
    id: z.number(),
    text: z.string(),
    actorName: z.string().nullable(),
    createdAt: z.string(),
  }),
]);
export type ChatItem = z.infer<typeof chatItem>;

export const chatPage = z.object({
  /** Oldest first. */
  items: z.array(chatItem),
  /** The cursor of the page before this one, or null at the start of the conversation. */
  older: z.object({ beforeMessage: z.number().nullable(), beforeEvent: z.number().nullable() }).nullable(),
  /** The viewer's own read mark (0: nothing read) and how many messages of others are after it. */
  lastReadId: z.number(),
  unread: z.number(),
  /** How far each other participant has read (for "Lida" on one's own messages). */
  readMarks: z.array(z.object({ role: z.enum(tradeRoles), name: z.string(), lastReadId: z.number() })),
  /** False once the trade is finished: the chat is read-only. */
  canWrite: z.boolean(),
});
export type ChatPage = z.infer<typeof chatPage>;

export const chatSent = z.object({ id: z.number(), warned: z.boolean() });
export const chatRead = z.object({ lastReadId: z.number() });
