import { MAX_PIX_KEYS, type PixKey, type PixKeyType } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import type { TradeState } from '@shared/trades';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { pixKeys, trades, users } from '../../db/schema';
import { AppError } from '../../errors';

const columns = {
  id: pixKeys.id,
  type: pixKeys.type,
  key: pixKeys.key,
  isDefault: pixKeys.isDefault,
  createdAt: pixKeys.createdAt,
};

const toPixKey = (row: {
  id: number;
  type: PixKeyType;
  key: string;
  isDefault: boolean;
  createdAt: Date;
}): PixKey => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Changes to one user's keys wait on each other: the user's row is locked first, so the count (limit, first key
 * becomes the default) cannot change under a change. The partial unique index on the default holds for any writer.
 */
async function lockOwner(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A seller's trades in these states are paid out to their default key when staff release them. */
const releasePendingStates: readonly TradeState[] = ['awaiting_release', 'disputed'];

/** A user's PIX keys, where the trades will pay out their sales and refunds. */
export function createPixKeysService(db: Db) {
  async function list(userId: string): Promise<PixKey[]> {
    const rows = await db
      .select(columns)
      .from(pixKeys)
      .where(eq(pixKeys.userId, userId))
      .orderBy(asc(pixKeys.createdAt), asc(pixKeys.id));
    return rows.map(toPixKey);
  }

  return {
    list: ({ userId }: Viewer) => list(userId),

    /** Adds a normalised key; the user's first key becomes the default. */
    async add({ userId }: Viewer, input: { type: PixKeyType; key: string }): Promise<PixKey> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(pixKeys)
          .where(eq(pixKeys.userId, userId));
        const count = counted?.n ?? 0;
        if (count >= MAX_PIX_KEYS) throw new AppError('CONFLICT', m.tooMany);
        const [row] = await tx
          .insert(pixKeys)
          .values({ userId, type: input.type, key: input.key, isDefault: count === 0 })
          .onConflictDoNothing({ target: [pixKeys.userId, pixKeys.type, pixKeys.key] })
          .returning(columns);
        if (!row) throw new AppError('CONFLICT', m.duplicate, { key: m.duplicate });
        return toPixKey(row);
      });
    },

    async makeDefault({ userId }: Viewer, id: number): Promise<PixKey[]> {
      await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const [own] = await tx
          .select({ id: pixKeys.id })
          .from(pixKeys)
          .where(and(eq(pixKeys.id, id), eq(pixKeys.userId, userId)));
        if (!own) throw new AppError('NOT_FOUND', m.notFound);
        // Cleared first: the partial unique index allows one default per user at every statement.
        await tx
          .update(pixKeys)
          .set({ isDefault: false })
          .where(and(eq(pixKeys.userId, userId), eq(pixKeys.isDefault, true)));
        await tx.update(pixKeys).set({ isDefault: true }).where(eq(pixKeys.id, id));
      });
      return list(userId);
    },

    /**
     * Deletes a key; when it was the default, the oldest remaining key becomes the default. The default key is
     * kept while a release to it is pending (a trade of theirs awaiting release or in dispute): the seller first
     * chooses another default, so the payout never goes to a key they did not pick, nor finds none.
     */
    async remove({ userId }: Viewer, id: number): Promise<PixKey[]> {
      await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const [key] = await tx
          .select({ isDefault: pixKeys.isDefault })
          .from(pixKeys)
          .where(and(eq(pixKeys.id, id), eq(pixKeys.userId, userId)));
        if (!key) throw new AppError('NOT_FOUND', m.notFound);
        if (key.isDefault) {
          const [pending] = await tx
            .select({ id: trades.id })
            .from(trades)
            .where(and(eq(trades.sellerId, userId), inArray(trades.state, [...releasePendingStates])))
            .limit(1);
          if (pending) throw new AppError('CONFLICT', m.defaultKeyInUse);
        }
        const [removed] = await tx
          .delete(pixKeys)
          .where(and(eq(pixKeys.id, id), eq(pixKeys.userId, userId)))
          .returning({ isDefault: pixKeys.isDefault });
        if (!removed) throw new AppError('NOT_FOUND', m.notFound);
        if (!removed.isDefault) return;
        const [oldest] = await tx
          .select({ id: pixKeys.id })
          .from(pixKeys)
          .where(eq(pixKeys.userId, userId))
          .orderBy(asc(pixKeys.createdAt), asc(pixKeys.id))
          .limit(1);
        if (oldest) await tx.update(pixKeys).set({ isDefault: true }).where(eq(pixKeys.id, oldest.id));
      });
      return list(userId);
    },
  };
}

export type PixKeysService = ReturnType<typeof createPixKeysService>;
