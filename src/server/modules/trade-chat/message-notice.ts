import { paths } from '@shared/paths';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { tradeChatMessages, tradeChatReads, tradePresence, type trades } from '../../db/schema';
import { notifyMany } from '../notifications/service';

/**
 * Web Push (issue 38), 'Nova mensagem na intermediação': a message notifies the trade's other people (bell, and a
 * push for who switched it on) once per unread stretch, not once per message: only those who had read every
 * earlier message, and who are not in the room right now (its presence), where they see it anyway. The message's
 * text is not in the notice: a phone's lock screen is no place for a trade's chat.
 */
export async function noticeNewMessage(
  tx: Db,
  trade: typeof trades.$inferSelect,
  authorId: string,
  messageId: number,
) {
  const people = [trade.buyerId, trade.sellerId, trade.intermediaryId].filter(
    (id): id is string => id !== null && id !== authorId,
  );
  if (people.length === 0) return;
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`select p.user_id from (values ${sql.join(
      people.map((id) => sql`(${id})`),
      sql`, `,
    )}) p(user_id)
      where not exists (
        select 1 from ${tradePresence} where ${tradePresence.tradeId} = ${trade.id}
          and ${tradePresence.userId} = p.user_id and ${tradePresence.expiresAt} > now())
      and not exists (
        select 1 from ${tradeChatMessages}
        where ${tradeChatMessages.tradeId} = ${trade.id} and ${tradeChatMessages.id} < ${messageId}
          and ${tradeChatMessages.authorId} is not null and ${tradeChatMessages.authorId} <> p.user_id
          and ${tradeChatMessages.id} > coalesce((
            select ${tradeChatReads.lastReadId} from ${tradeChatReads}
            where ${tradeChatReads.tradeId} = ${trade.id} and ${tradeChatReads.userId} = p.user_id), 0))`,
  );
  await notifyMany(
    tx,
    rows.map((row) => ({
      userId: row.user_id,
      kind: 'trade_message' as const,
      title: `Intermediação #${trade.id}: ${trade.listingTitle}`,
      body: 'Nova mensagem no chat da intermediação.',
      link: paths.trade(trade.id),
    })),
  );
}
