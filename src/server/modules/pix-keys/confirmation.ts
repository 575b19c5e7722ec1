import type { PixKeyConfirmation, PixKeyConfirmWith } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { twoFactorMessages } from '@shared/settings-messages';
import { isTotpCode } from '@shared/two-factor';
import { APIError } from 'better-auth/api';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import { TOTP_CODE_USED } from '../../auth/one-time-totp';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The step-up before the default key changes (a stolen session must not redirect the next payout): better-auth
 * checks the password (`verifyPassword`, as 'Excluir conta' does) or, with two-factor on, the app's code
 * (`verifyTOTP` with the member's session, as two-factor's setup does). Nothing is checked here by hand.
 */
export function createPixKeyConfirmation({ db, auth }: { db: Db; auth: Auth }) {
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

  /** Throws the pt-BR refusal (under the field) unless the password or code is right. */
  async function confirm(userId: string, input: PixKeyConfirmation, headers: Headers): Promise<void> {
    const way = await confirmWith(userId);
    if (way === 'none') throw new AppError('FORBIDDEN', m.noPassword, { password: m.noPassword });
    try {
      if (way === 'code') {
        const code = (input.code ?? '').replace(/\s/g, '');
        if (!code) throw refuse('code', m.codeRequired);
        if (!isTotpCode(code)) throw refuse('code', m.codeWrong);
        await auth.api.verifyTOTP({ body: { code }, headers });
      } else {
        if (!input.password) throw refuse('password', m.passwordRequired);
        await auth.api.verifyPassword({ body: { password: input.password }, headers });
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
