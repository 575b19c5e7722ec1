import { adminMessages } from '@shared/admin-messages';
import type { DeleteAccountInput } from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import { finishedTradeStates } from '@shared/trades';
import { APIError } from 'better-auth/api';
import { and, eq, notInArray, or } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import {
  accounts,
  adminRoles,
  favorites,
  listings,
  loginHistory,
  notifications,
  offers,
  payoutIdentities,
  pixKeys,
  profiles,
  pushSubscriptions,
  reviews,
  sessions,
  supportTickets,
  tradeChatReads,
  tradePresence,
  trades,
  twoFactors,
  userSettings,
  users,
  verifications,
} from '../../db/schema';
import { AppError } from '../../errors';
import { racePoint } from '../../race-seam';
import type { Storage } from '../../storage/storage';
import { recordAudit } from '../audit/record';
import { deletedEmailOf } from './lifecycle';
import { nameSkeletons } from './names';
import { assertNotLastAdmin } from './staff-roles';

/**
 * 'Excluir conta' (LGPD). The `users` row stays as a tombstone because trades and the ledger's payable account
 * point at it without ON DELETE (money records outlive nothing they refer to); everything personal on it and
 * around it goes in one transaction, and the files after the commit. See docs/decisions/012-account-settings.md.
 */
/**
 * Hands the trades a staff member holds back to the desk, in the caller's transaction, and says how many
 * (trades/staff-steps.ts `releaseHeldTrades`, passed in by app.ts: trades sit above accounts).
 */
export type ReleaseHeldTrades = (tx: Db, staffId: string, at: Date, why: string) => Promise<number>;

export function createDeletionService({
  db,
  auth,
  storage,
  releaseHeldTrades,
}: {
  db: Db;
  auth: Auth;
  storage: Storage;
  releaseHeldTrades: ReleaseHeldTrades;
}) {
  /** better-auth's own check of the session user's password (the same path the password change uses). */
  async function checkPassword(password: string, headers: Headers) {
    try {
      await auth.api.verifyPassword({ body: { password }, headers });
    } catch (error) {
      if (error instanceof APIError) {
        const code = error.body?.code;
        if (code === 'INVALID_PASSWORD') {
          throw new AppError('VALIDATION', m.deleteAccountPasswordWrong, {
            password: m.deleteAccountPasswordWrong,
          });
        }
        if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw new AppError('VALIDATION', m.noPasswordAccount);
        if (error.status === 'UNAUTHORIZED') throw AppError.unauthenticated();
      }
      throw error;
    }
  }

  /** Deletes the session user's account; returns the cookies that clear the session in the browser. */
  async function deleteAccount(
    viewer: Viewer,
    input: DeleteAccountInput,
    headers: Headers,
  ): Promise<string[]> {
    await checkPassword(input.password, headers);
    const userId = viewer.userId;

    const listingIds = await db.transaction(async (tx) => {
      // The member's listings are locked first, as opening a trade locks its listing: no trade can start on
      // one of them between the check below and their removal.
      await tx.select({ id: listings.id }).from(listings).where(eq(listings.sellerId, userId)).for('update');
      // Then the user row, FOR UPDATE: a trade being opened with the member as a party takes KEY SHARE on it
      // first thing after its listing (trades/open.ts), so one in flight is waited for and its committed row
      // is seen by the check below (a new statement, a new snapshot); one that comes later waits for this
      // transaction and finds the tombstone.
      const [user] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) throw AppError.unauthenticated();
      await racePoint('account-deletion:locked', userId);
      const [open] = await tx
        .select({ id: trades.id })
        .from(trades)
        .where(
          and(
            or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)),
            notInArray(trades.state, [...finishedTradeStates]),
          ),
        )
        .limit(1);
      if (open) throw new AppError('CONFLICT', m.deleteAccountOpenTrade);
      // The panel keeps an admin: the last one cannot leave (the admin rows are locked, as a demotion does).
      await assertNotLastAdmin(tx, userId, adminMessages.staffLastAdminAccount);

      // Offers still open as buyer are withdrawn (their rows stay: the seller's list keeps its history).
      const withdrawn = await tx
        .update(offers)
        .set({ status: 'withdrawn', decidedAt: new Date() })
        .where(and(eq(offers.buyerId, userId), eq(offers.status, 'pending')))
        .returning({ id: offers.id });
      // Listings go with their photos' rows, comments, favourites and views (ON DELETE CASCADE); finished trades
      // keep the title and lose the link (ON DELETE SET NULL). The files go after the commit. By seller, not by
      // the ids read first: a listing published while this waited for the user row is committed now, and goes
      // too (a publication that comes later waits for this transaction and is refused, listings/service.ts).
      const ids = (
        await tx.delete(listings).where(eq(listings.sellerId, userId)).returning({ id: listings.id })
      ).map((row) => row.id);

      // Signed out everywhere, no way back in: sessions, the password and the Discord link, pending tokens.
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(accounts).where(eq(accounts.userId, userId));
      await tx
        .delete(verifications)
        .where(or(eq(verifications.value, userId), eq(verifications.identifier, user.email)));
      await tx.delete(adminRoles).where(eq(adminRoles.userId, userId));
      // Trades they held as intermediary go back to the desk, each with a line in its history.
      const handedBack = await releaseHeldTrades(
        tx,
        userId,
        new Date(),
        adminMessages.handBackAccountDeleted,
      );

      // What is only theirs.
      await tx.delete(pixKeys).where(eq(pixKeys.userId, userId));
      // Issue 36: the payout identity goes too, which frees its document for another account.
      await tx.delete(payoutIdentities).where(eq(payoutIdentities.userId, userId));
      await tx.delete(userSettings).where(eq(userSettings.userId, userId));
      await tx.delete(favorites).where(eq(favorites.userId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      // Web Push (issue 38): the account's devices stop receiving anything.
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await tx.delete(loginHistory).where(eq(loginHistory.userId, userId));
      await tx.delete(tradeChatReads).where(eq(tradeChatReads.userId, userId));
      await tx.delete(tradePresence).where(eq(tradePresence.userId, userId));
      await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));

      // Reviews keep their rating (the other party's reputation is built on it) but lose the member's words.
      await tx.update(reviews).set({ comment: null }).where(eq(reviews.authorId, userId));
      await tx.update(reviews).set({ answer: null, answeredAt: null }).where(eq(reviews.subjectId, userId));
      // Support tickets keep their subject for the staff's history, not who wrote them.
      await tx
        .update(supportTickets)
        .set({ userId: null, userEmail: deletedEmailOf(userId), userName: m.removedUserName })
        .where(eq(supportTickets.userId, userId));

      // The tombstone: posts, comments, chat lines and trades show 'Usuário removido'.
      await tx
        .update(profiles)
        .set({
          username: m.removedUserName,
          // The old name's look-alike keys go with it ('Usuário removido' is reserved: accounts/names.ts).
          nameSkeletons: nameSkeletons(m.removedUserName),
          fullName: null,
          phone: null,
          bio: null,
          avatarUrl: null,
        })
        .where(eq(profiles.id, userId));
      await tx
        .update(users)
        .set({
          name: m.removedUserName,
          email: deletedEmailOf(userId),
          emailVerified: false,
          image: null,
          mainGame: null,
          twoFactorEnabled: false,
        })
        .where(eq(users.id, userId));

      await recordAudit(tx, {
        actorId: userId,
        action: 'account.delete',
        targetType: 'user',
        targetId: userId,
        details: {
          listingsRemoved: ids.length,
          offersWithdrawn: withdrawn.length,
          tradesHandedBack: handedBack,
        },
      });
      return ids;
    });

    // After the commit: a failure above leaves every file in place; a failure here leaves files no row names,
    // which the orphan sweep removes within the hour (decision 007), so each is tried and none stops the answer.
    await storage.deletePrefix(`avatars/${userId}/`).catch(() => {});
    for (const id of listingIds) await storage.deletePrefix(`listings/${id}/`).catch(() => {});

    // The session row is gone; better-auth's sign-out still answers with the cookies that clear it.
    try {
      const result = await auth.api.signOut({ headers, returnHeaders: true });
      return result.headers.getSetCookie();
    } catch {
      return [];
    }
  }

  return { deleteAccount };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
