import {
  MAX_PIX_KEYS,
  type PixKey,
  type PixKeyConfirmation,
  type PixKeyConfirmWith,
  type PixKeyType,
} from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { pixKeys, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { QueueMail } from '../../mail/mailer';
import { defaultKeyMail } from '../../mail/templates/pix-keys';
import { assertKeyOfOwnDocument } from '../payout-identity';
import { fixDuePayoutKeys, hasPendingPayout } from '../trades/payout-key';
import { createPixKeyConfirmation } from './confirmation';

const columns = {
  id: pixKeys.id,
  type: pixKeys.type,
  key: pixKeys.key,
  isDefault: pixKeys.isDefault,
  defaultSince: pixKeys.defaultSince,
  createdAt: pixKeys.createdAt,
};

const toPixKey = (row: {
  id: number;
  type: PixKeyType;
  key: string;
  isDefault: boolean;
  defaultSince: Date | null;
  createdAt: Date;
}): PixKey => ({
  ...row,
  defaultSince: row.defaultSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Changes to one user's keys wait on each other: the user's row is locked first, so the count (limit, first key
 * becomes the default) cannot change under a change. The partial unique index on the default holds for any writer.
 */
async function lockOwner(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The key that became the default, for the owner's e-mail. */
interface NewDefault {
  type: PixKeyType;
  key: string;
  at: Date;
}

/** What a change of the default asks, when it was not confirmed before the transaction (a race changed it). */
function confirmationRequired(way: PixKeyConfirmWith): AppError {
  if (way === 'none') return new AppError('FORBIDDEN', m.noPassword, { password: m.noPassword });
  return way === 'code'
    ? new AppError('VALIDATION', m.codeRequired, { code: m.codeRequired })
    : new AppError('VALIDATION', m.passwordRequired, { password: m.passwordRequired });
}

/**
 * A user's PIX keys, where the trades will pay out their sales and refunds. Whatever makes another key the
 * default (the first key, 'Tornar padrão', deleting the default while others remain) is confirmed first with the
 * password or the two-factor code, stamps `default_since`, fixes the key on due payouts that had none, and
 * e-mails the owner (a mail job in the same transaction): a stolen session alone cannot redirect a payout unnoticed.
 */
export function createPixKeysService(deps: { db: Db; auth: Auth; queueMail: QueueMail; publicUrl: string }) {
  const { db } = deps;
  const confirmation = createPixKeyConfirmation(deps);

  async function list(userId: string): Promise<PixKey[]> {
    const rows = await db
      .select(columns)
      .from(pixKeys)
      .where(eq(pixKeys.userId, userId))
      .orderBy(asc(pixKeys.createdAt), asc(pixKeys.id));
    return rows.map(toPixKey);
  }

  async function keysOf(userId: string) {
    return { keys: await list(userId), confirmWith: await confirmation.confirmWith(userId) };
  }

  /**
   * Makes the key the user's default, in the caller's transaction (the owner's row is locked): the old default
   * is cleared first (the partial unique index allows one default at every statement), the key is stamped with
   * the moment, and a payout already due to the user with no key fixed (the seller had none when it became due)
   * gets this one. A key already fixed on a due payout is never changed: it is what the seller had chosen then.
   */
  async function setDefault(tx: Db, userId: string, id: number): Promise<NewDefault> {
    const at = new Date();
    await tx
      .update(pixKeys)
      .set({ isDefault: false })
      .where(and(eq(pixKeys.userId, userId), eq(pixKeys.isDefault, true), ne(pixKeys.id, id)));
    const [key] = await tx
      .update(pixKeys)
      .set({ isDefault: true, defaultSince: at })
      .where(and(eq(pixKeys.id, id), eq(pixKeys.userId, userId)))
      .returning({ type: pixKeys.type, key: pixKeys.key });
    if (!key) throw new AppError('NOT_FOUND', m.notFound);
    await fixDuePayoutKeys(tx, userId, key, at);
    await tellOwner(tx, userId, { ...key, at });
    return { ...key, at };
  }

  /** The owner's e-mail, a job queued in the change's transaction: sent after the commit, retried if it fails. */
  async function tellOwner(tx: Db, userId: string, change: NewDefault) {
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    await deps.queueMail(defaultKeyMail({ to: user.email, name: user.name, ...change }, deps.publicUrl), tx);
  }

  async function countOf(tx: Db, userId: string): Promise<number> {
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pixKeys)
      .where(eq(pixKeys.userId, userId));
    return counted?.n ?? 0;
  }

  return {
    list: ({ userId }: Viewer) => keysOf(userId),

    /** Adds a normalised key; the user's first key becomes the default, confirmed first. */
    async add(
      { userId }: Viewer,
      input: { type: PixKeyType; key: string } & PixKeyConfirmation,
      headers: Headers,
    ): Promise<PixKey> {
      const becomesDefault = (await countOf(db, userId)) === 0;
      // better-auth's checks run outside the transaction (PGlite has one connection).
      if (becomesDefault) await confirmation.confirm(userId, input, headers);
      const way = becomesDefault ? null : await confirmation.confirmWith(userId);
      const row = await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const count = await countOf(tx, userId);
        if (count >= MAX_PIX_KEYS) throw new AppError('CONFLICT', m.tooMany);
        // The keys were deleted since the look above: this one would become the default unconfirmed.
        if (count === 0 && way) throw confirmationRequired(way);
        // Issue 36: a CPF/CNPJ key is the member's own document (checked under the same lock as recording it).
        await assertKeyOfOwnDocument(tx, userId, input);
        const [row] = await tx
          .insert(pixKeys)
          .values({ userId, type: input.type, key: input.key })
          .onConflictDoNothing({ target: [pixKeys.userId, pixKeys.type, pixKeys.key] })
          .returning(columns);
        if (!row) throw new AppError('CONFLICT', m.duplicate, { key: m.duplicate });
        if (count > 0) return row;
        const change = await setDefault(tx, userId, row.id);
        return { ...row, isDefault: true, defaultSince: change.at };
      });
      return toPixKey(row);
    },

    /** 'Tornar padrão': confirmed, unless the key already is the default (nothing changes then). */
    async makeDefault({ userId }: Viewer, id: number, input: PixKeyConfirmation, headers: Headers) {
      const [own] = await db
        .select({ isDefault: pixKeys.isDefault })
        .from(pixKeys)
        .where(and(eq(pixKeys.id, id), eq(pixKeys.userId, userId)));
      if (!own) throw new AppError('NOT_FOUND', m.notFound);
      if (own.isDefault) return keysOf(userId);
      await confirmation.confirm(userId, input, headers);
      await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const [key] = await tx
          .select({ isDefault: pixKeys.isDefault })
          .from(pixKeys)
          .where(and(eq(pixKeys.id, id), eq(pixKeys.userId, userId)));
        if (!key) throw new AppError('NOT_FOUND', m.notFound);
        if (!key.isDefault) await setDefault(tx, userId, id);
      });
      return keysOf(userId);
    },

    /**
     * Deletes a key; when it was the default, the oldest remaining key becomes the default, which is a change
     * of the default like any other: confirmed, stamped and mailed. The default key is kept while a release to
     * it is pending (a trade of theirs awaiting release or in dispute): the seller first chooses another default,
     * so the payout never goes to a key they did not pick, nor finds none.
     */
    async remove({ userId }: Viewer, id: number, input: PixKeyConfirmation, headers: Headers) {
      const [seen] = await db
        .select({ isDefault: pixKeys.isDefault })
        .from(pixKeys)
        .where(and(eq(pixKeys.id, id), eq(pixKeys.userId, userId)));
      if (!seen) throw new AppError('NOT_FOUND', m.notFound);
      // Refused before any password is asked for: nothing would change anyway.
      if (seen.isDefault && (await hasPendingPayout(db, userId)))
        throw new AppError('CONFLICT', m.defaultKeyInUse);
      const confirmed = seen.isDefault && (await countOf(db, userId)) > 1;
      if (confirmed) await confirmation.confirm(userId, input, headers);
      const way = confirmed ? null : await confirmation.confirmWith(userId);

      await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const [key] = await tx
          .select({ isDefault: pixKeys.isDefault })
          .from(pixKeys)
          .where(and(eq(pixKeys.id, id), eq(pixKeys.userId, userId)));
        if (!key) throw new AppError('NOT_FOUND', m.notFound);
        if (key.isDefault && (await hasPendingPayout(tx, userId)))
          throw new AppError('CONFLICT', m.defaultKeyInUse);
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
        if (!oldest) return;
        // A key was added since the look above: promoting it would change the default unconfirmed.
        if (way) throw confirmationRequired(way);
        await setDefault(tx, userId, oldest.id);
      });
      return keysOf(userId);
    },
  };
}

export type PixKeysService = ReturnType<typeof createPixKeysService>;
