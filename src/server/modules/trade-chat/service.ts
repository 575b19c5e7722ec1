import { errorMessages } from '@shared/errors';
import { findOffPlatformContacts } from '@shared/off-platform';
import {
  CHAT_PAGE_SIZE,
  type ChatItem,
  type ChatPage,
  MAX_CHAT_IMAGES,
  MAX_CHAT_MESSAGE_LENGTH,
} from '@shared/trade-chat';
import { tradeChatMessages as m } from '@shared/trade-chat-messages';
import { isTradeOpen, type TradeRole } from '@shared/trades';
import { and, count, desc, eq, gt, inArray, lt, max, ne, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import {
  profiles,
  tradeChatMessages,
  tradeChatReads,
  tradeEvents,
  type trades,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { RealtimeBus } from '../../realtime/bus';
import type { Storage, StoredFile } from '../../storage/storage';
import { type PhotoLimits, photoFileKeys, processPhotos, type UploadedPhoto } from '../media/photos';
import { tradeSeenBy } from '../trades/access';
import { withStoredTradePhotos } from '../trades/photos';
import { noticeNewMessage } from './message-notice';

export interface TradeChatDeps {
  db: Db;
  storage: Storage;
  bus: RealtimeBus;
  /** The site's own hosts (PUBLIC_URL's): links to them raise no warning. */
  siteHosts: readonly string[];
}

type TradeRow = typeof trades.$inferSelect;

/** One image per message, optional, with the listings' checks (images only, 5 MB). */
const chatImageLimits: PhotoLimits = {
  max: MAX_CHAT_IMAGES,
  tooMany: m.tooManyImages,
  required: null,
};

/** Parties by who they are; anyone else who may see the trade is staff, the intermediary. */
const roleIn = (t: TradeRow, userId: string): TradeRole =>
  userId === t.buyerId ? 'comprador' : userId === t.sellerId ? 'vendedor' : 'intermediador';

const imageUrlOf = (tradeId: number, messageId: number) => `/api/trades/${tradeId}/chat/${messageId}/image`;

async function namesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(${profiles.username}, ${users.name})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The chat of a protected trade (docs/decisions/013-trade-chat.md): visible to its buyer, its seller and staff only
 * (anyone else: the room's 404), written while the trade is open, read forever. Each new message and read mark is
 * announced on the realtime bus inside its own transaction.
 */
export function createTradeChatService({ db, storage, bus, siteHosts }: TradeChatDeps) {
  /** The trade if `viewer` may see it (trades/access.ts); otherwise the room's 404. */
  const seat = (viewer: Viewer, tradeId: number, tx: Db = db, lock = false): Promise<TradeRow> =>
    tradeSeenBy(tx, viewer, tradeId, lock ? { lock: 'share' } : {});

  const assertOpen = (trade: TradeRow) => {
    if (!isTradeOpen(trade.state)) throw new AppError('CONFLICT', m.closed);
  };

  const announce = (tx: Db, trade: TradeRow, change: 'message' | 'read') =>
    bus.publish(
      { type: 'chat', tradeId: trade.id, change, buyerId: trade.buyerId, sellerId: trade.sellerId },
      tx,
    );

  return {
    /**
     * A page of the timeline, oldest first: the chat's messages with the trade's steps between them. Without a
     * cursor the newest window; `older` is the cursor of the page before.
     */
    async page(
      viewer: Viewer,
      tradeId: number,
      cursor: { beforeMessage?: number; beforeEvent?: number },
    ): Promise<ChatPage> {
      const trade = await seat(viewer, tradeId);
      const size = CHAT_PAGE_SIZE;
      const messages = await db
        .select()
        .from(tradeChatMessages)
        .where(
          and(
            eq(tradeChatMessages.tradeId, tradeId),
            cursor.beforeMessage ? lt(tradeChatMessages.id, cursor.beforeMessage) : undefined,
          ),
        )
        .orderBy(desc(tradeChatMessages.id))
        .limit(size + 1);
      const events = await db
        .select()
        .from(tradeEvents)
        .where(
          and(
            eq(tradeEvents.tradeId, tradeId),
            cursor.beforeEvent ? lt(tradeEvents.id, cursor.beforeEvent) : undefined,
          ),
        )
        .orderBy(desc(tradeEvents.id))
        .limit(size + 1);

      // Merge the two newest-first sequences by time (a step before a message written in the same instant).
      const takenMessages: typeof messages = [];
      const takenEvents: typeof events = [];
      let i = 0;
      let j = 0;
      while (takenMessages.length + takenEvents.length < size && (i < messages.length || j < events.length)) {
        const message = messages[i];
        const event = events[j];
        if (message && (!event || message.createdAt.getTime() >= event.createdAt.getTime())) {
          takenMessages.push(message);
          i += 1;
        } else if (event) {
          takenEvents.push(event);
          j += 1;
        }
      }
      const more = i < messages.length || j < events.length;

      const [myRead] = await db
        .select({ lastReadId: tradeChatReads.lastReadId })
        .from(tradeChatReads)
        .where(and(eq(tradeChatReads.tradeId, tradeId), eq(tradeChatReads.userId, viewer.userId)));
      const lastReadId = myRead?.lastReadId ?? 0;
      const [unread] = await db
        .select({ n: count() })
        .from(tradeChatMessages)
        .where(
          and(
            eq(tradeChatMessages.tradeId, tradeId),
            gt(tradeChatMessages.id, lastReadId),
            ne(tradeChatMessages.kind, 'warning'),
            sql`${tradeChatMessages.authorId} is distinct from ${viewer.userId}`,
          ),
        );
      const marks = await db
        .select({ userId: tradeChatReads.userId, lastReadId: tradeChatReads.lastReadId })
        .from(tradeChatReads)
        .where(and(eq(tradeChatReads.tradeId, tradeId), ne(tradeChatReads.userId, viewer.userId)));

      const names = await namesOf(db, [
        ...new Set(
          [
            ...takenMessages.map((r) => r.authorId),
            ...takenEvents.map((e) => e.actorId),
            ...marks.map((r) => r.userId),
          ].filter((id): id is string => id !== null),
        ),
      ]);
      const nameOf = (id: string) => names.get(id) ?? 'Usuário removido';

      const items: ChatItem[] = [
        ...takenMessages.map(
          (r): ChatItem => ({
            type: 'message',
            id: r.id,
            kind: r.kind,
            author: r.authorId
              ? { id: r.authorId, name: nameOf(r.authorId), role: roleIn(trade, r.authorId) }
              : null,
            body: r.body,
            imageUrl: r.imageKey ? imageUrlOf(tradeId, r.id) : null,
            createdAt: r.createdAt.toISOString(),
          }),
        ),
        ...takenEvents.map(
          (e): ChatItem => ({
            type: 'step',
            id: e.id,
            text: e.detail ?? '',
            actorName: e.actorId ? nameOf(e.actorId) : null,
            createdAt: e.createdAt.toISOString(),
          }),
        ),
      ].sort(
        (a, b) =>
          a.createdAt.localeCompare(b.createdAt) ||
          (a.type === b.type ? a.id - b.id : a.type === 'step' ? -1 : 1),
      );

      return {
        items,
        older: more
          ? {
              beforeMessage: takenMessages.at(-1)?.id ?? cursor.beforeMessage ?? null,
              beforeEvent: takenEvents.at(-1)?.id ?? cursor.beforeEvent ?? null,
            }
          : null,
        lastReadId,
        unread: unread?.n ?? 0,
        readMarks: marks.map((r) => ({
          role: roleIn(trade, r.userId),
          name: nameOf(r.userId),
          lastReadId: r.lastReadId,
        })),
        canWrite: isTradeOpen(trade.state),
      };
    },

    /**
     * Sends a message (text up to MAX_CHAT_MESSAGE_LENGTH, an image, or both) while the trade is open. A phone, an
     * e-mail or an off-site link in it adds the warning line after it, in the same transaction; never a block.
     */
    async send(
      viewer: Viewer,
      tradeId: number,
      rawBody: string,
      photos: UploadedPhoto[],
    ): Promise<{ id: number; warned: boolean }> {
      const body = rawBody.trim();
      if (body.length > MAX_CHAT_MESSAGE_LENGTH) {
        throw new AppError('VALIDATION', m.bodyTooLong, { body: m.bodyTooLong });
      }
      // Who and when first, so a refused sender's file is never decoded.
      assertOpen(await seat(viewer, tradeId));
      if (!body && photos.length === 0)
        throw new AppError('VALIDATION', m.bodyRequired, { body: m.bodyRequired });
      const processed = await processPhotos(photos, 0, chatImageLimits);
      const warned = body !== '' && findOffPlatformContacts(body, siteHosts).length > 0;

      return withStoredTradePhotos(storage, tradeId, processed, (stored) =>
        db.transaction(async (tx) => {
          // The trade may have finished meanwhile: checked again under a lock a step's UPDATE waits for.
          const trade = await seat(viewer, tradeId, tx, true);
          assertOpen(trade);
          const image = stored[0];
          const [row] = await tx
            .insert(tradeChatMessages)
            .values({
              tradeId,
              authorId: viewer.userId,
              kind: image ? 'image' : 'text',
              body,
              imageKey: image?.key ?? null,
              imageWidths: image?.widths ?? null,
            })
            .returning({ id: tradeChatMessages.id });
          if (!row) throw new AppError('INTERNAL', errorMessages.internal);
          if (warned) {
            await tx
              .insert(tradeChatMessages)
              .values({ tradeId, authorId: null, kind: 'warning', body: m.offPlatformWarning });
          }
          // One's own message is read by its author.
          await tx
            .insert(tradeChatReads)
            .values({ tradeId, userId: viewer.userId, lastReadId: row.id })
            .onConflictDoUpdate({
              target: [tradeChatReads.tradeId, tradeChatReads.userId],
              set: {
                lastReadId: sql`greatest(${tradeChatReads.lastReadId}, excluded.last_read_id)`,
                updatedAt: sql`now()`,
              },
            });
          await announce(tx, trade, 'message');
          // Web Push (issue 38): the others are told once per unread stretch.
          await noticeNewMessage(tx, trade, viewer.userId, row.id);
          return { id: row.id, warned };
        }),
      );
    },

    /**
     * Moves the viewer's read mark forward to `lastReadId` (never back; capped at the trade's newest message).
     * Reading stays possible after the trade ends. Announced only when the mark moved.
     */
    async markRead(viewer: Viewer, tradeId: number, lastReadId: number): Promise<{ lastReadId: number }> {
      return db.transaction(async (tx) => {
        const trade = await seat(viewer, tradeId, tx);
        const [newest] = await tx
          .select({ id: max(tradeChatMessages.id) })
          .from(tradeChatMessages)
          .where(eq(tradeChatMessages.tradeId, tradeId));
        const mark = Math.min(lastReadId, newest?.id ?? 0);
        if (mark > 0) {
          const moved = await tx
            .insert(tradeChatReads)
            .values({ tradeId, userId: viewer.userId, lastReadId: mark })
            .onConflictDoUpdate({
              target: [tradeChatReads.tradeId, tradeChatReads.userId],
              set: { lastReadId: sql`excluded.last_read_id`, updatedAt: sql`now()` },
              setWhere: lt(tradeChatReads.lastReadId, mark),
            })
            .returning({ lastReadId: tradeChatReads.lastReadId });
          if (moved.length > 0) await announce(tx, trade, 'read');
        }
        const [row] = await tx
          .select({ lastReadId: tradeChatReads.lastReadId })
          .from(tradeChatReads)
          .where(and(eq(tradeChatReads.tradeId, tradeId), eq(tradeChatReads.userId, viewer.userId)));
        return { lastReadId: row?.lastReadId ?? 0 };
      });
    },

    /** One width of a chat image, for who may see the trade (anyone else: 404, as for the room). */
    async imageFile(viewer: Viewer, tradeId: number, messageId: number, wanted = 640): Promise<StoredFile> {
      await seat(viewer, tradeId);
      const [row] = await db
        .select({ key: tradeChatMessages.imageKey, widths: tradeChatMessages.imageWidths })
        .from(tradeChatMessages)
        .where(and(eq(tradeChatMessages.id, messageId), eq(tradeChatMessages.tradeId, tradeId)));
      const widths = [...(row?.widths ?? [])].sort((a, b) => a - b);
      const width = widths.filter((w) => w <= wanted).at(-1) ?? widths[0];
      const key =
        row?.key && width !== undefined ? photoFileKeys([{ key: row.key, widths: [width] }])[0] : null;
      const file = key ? await storage.get(key) : null;
      if (!file) throw new AppError('NOT_FOUND', errorMessages.notFound);
      return file;
    },
  };
}

export type TradeChatService = ReturnType<typeof createTradeChatService>;
