import type { PixKeyConfirmation, PixKeyConfirmWith } from '@shared/pix';
import { formatPixKeyTime } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { twoFactorMessages } from '@shared/settings-messages';
import { isTotpCode } from '@shared/two-factor';
import { APIError } from 'better-auth/api';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import { TOTP_CODE_USED } from '../../auth/one-time-totp';
import type { Db } from '../../db/client';
import { accounts, rateLimits, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { QueueMail } from '../../mail/mailer';
import { stepUpLockedMail } from '../../mail/templates/pix-keys';

/** Wrong answers a member may give in one window before the step-up locks until the window ends. */
export const STEP_UP_MAX_WRONG = 5;
export const STEP_UP_WINDOW_MINUTES = 15;
const window = sql.raw(`interval '${STEP_UP_WINDOW_MINUTES} minutes'`);

/**
 * The step-up before the default key changes (a stolen session must not redirect the next payout): better-auth
 * checks the password (`verifyPassword`, as 'Excluir conta' does) or, with two-factor on, the app's code
 * (`verifyTOTP` with the member's session, as two-factor's setup does). Nothing is checked here by hand.
 */
export function createPixKeyConfirmation({
  db,
  auth,
  queueMail,
  publicUrl,
}: {
  db: Db;
  auth: Auth;
  queueMail: QueueMail;
  publicUrl: string;
}) {
  /** What confirms a change for this member: the app's code with two-factor on, else the password if any. */
  async function confirmWith(userId: string): Promise<PixKeyConfirmWith> {
    const [user] = await db
      .select({ twoFactor: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, userId));
    if (user?.twoFactor) return 'code';
    const [credential] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)),
      )
      .limit(1);
    return credential ? 'password' : 'none';
  }

  const refuse = (field: 'password' | 'code', message: string) =>
    new AppError('VALIDATION', message, { [field]: message });

  /**
   * The step-up's guessing limit, like two-factor's: every check takes one of the member's few tries of the
   * window (a fixed window in `rate_limits`, shared by every process) before better-auth answers, so guesses
   * sent at once cannot slip past the count; a right answer gives its try back. Returns the try's number.
   */
  const guessesKey = (userId: string) => `pix-key-step-up:${userId}`;
  async function takeTry(userId: string) {
    const [row] = await db
      .insert(rateLimits)
      .values({ key: guessesKey(userId), count: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} < now() - ${window} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} < now() - ${window} then now() else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ count: rateLimits.count, until: sql<Date>`${rateLimits.windowStart} + ${window}` });
    if (!row) throw new Error('step-up counter not written');
    return { count: row.count, until: new Date(row.until) };
  }
  async function giveBack(userId: string) {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, guessesKey(userId)));
  }
  const locked = (field: 'password' | 'code', until: Date) =>
    new AppError('RATE_LIMITED', m.stepUpLocked(formatPixKeyTime(until)), {
      [field]: m.stepUpLocked(formatPixKeyTime(until)),
    });

  /** The owner is mailed once, by the wrong answer that locks the step-up (the mail job retries a failure). */
  async function tellOwnerLocked(userId: string, until: Date) {
    const [user] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    await queueMail(stepUpLockedMail({ to: user.email, name: user.name, until }, publicUrl));
  }

  /**
   * Throws the pt-BR refusal (under the field) unless the password or code is right; past the few wrong answers
   * of the window, refuses without checking and says until when.
   */
  async function confirm(userId: string, input: PixKeyConfirmation, headers: Headers): Promise<void> {
    const way = await confirmWith(userId);
    if (way === 'none') throw new AppError('FORBIDDEN', m.noPassword, { password: m.noPassword });
    const field = way === 'code' ? 'code' : 'password';
    if (way === 'code' ? !(input.code ?? '').trim() : !input.password) {
      throw refuse(field, way === 'code' ? m.codeRequired : m.passwordRequired);
    }
    const { count, until } = await takeTry(userId);
    if (count > STEP_UP_MAX_WRONG) throw locked(field, until);
    try {
      await check(way, input, headers);
    } catch (error) {
      // A guess is a wrong password or code; a code used twice or a failure elsewhere guessed nothing.
      const wrong =
        error instanceof AppError && (error.message === m.passwordWrong || error.message === m.codeWrong);
      if (!wrong) await giveBack(userId);
      if (wrong && count === STEP_UP_MAX_WRONG) {
        await tellOwnerLocked(userId, until);
        throw locked(field, until);
      }
      throw error;
    }
    await giveBack(userId);
  }

  async function check(way: 'code' | 'password', input: PixKeyConfirmation, headers: Headers) {
    try {
      if (way === 'code') {
        const code = (input.code ?? '').replace(/\s/g, '');
        if (!isTotpCode(code)) throw refuse('code', m.codeWrong);
        await auth.api.verifyTOTP({ body: { code }, headers });
      } else {
        await auth.api.verifyPassword({ body: { password: input.password ?? '' }, headers });
      }
    } catch (error) {
      if (error instanceof APIError) {
        switch (error.body?.code) {
          case 'INVALID_PASSWORD':
            throw refuse('password', m.passwordWrong);
          case 'INVALID_CODE':
            throw refuse('code', m.codeWrong);
          case TOTP_CODE_USED:
            throw refuse('code', twoFactorMessages.codeUsed);
          case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
            throw new AppError('FORBIDDEN', m.noPassword, { password: m.noPassword });
        }
        if (error.status === 'UNAUTHORIZED') throw AppError.unauthenticated();
      }
      throw error;
    }
  }

  return { confirmWith, confirm };
}
