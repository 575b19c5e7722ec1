import { twoFactorMessages as m } from '@shared/settings-messages';
import type {
  TwoFactorBackupCodes,
  TwoFactorCodeInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@shared/two-factor';
import { isTotpCode } from '@shared/two-factor';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Client } from '../../auth/hooks';
import { TOTP_CODE_USED } from '../../auth/one-time-totp';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { AppError } from '../../errors';
import { recordLoginAttempt } from './login-history';

/** The better-auth error codes of the twoFactor plugin (and the password check) in pt-BR. */
function translate(error: unknown, field: 'password' | 'code'): never {
  if (error instanceof APIError) {
    const code = error.body?.code;
    const wrong = (message: string) => new AppError('VALIDATION', message, { [field]: message });
    switch (code) {
      case 'INVALID_PASSWORD':
        throw new AppError('VALIDATION', m.passwordWrong, { password: m.passwordWrong });
      case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
        throw new AppError('VALIDATION', m.noPassword);
      case 'INVALID_CODE':
      case 'INVALID_BACKUP_CODE':
        throw wrong(field === 'code' ? m.codeWrong : m.passwordWrong);
      case TOTP_CODE_USED:
        throw new AppError('VALIDATION', m.codeUsed, { code: m.codeUsed });
      case 'TOTP_ALREADY_ENABLED':
        throw new AppError('CONFLICT', m.alreadyOn);
      case 'TWO_FACTOR_NOT_ENABLED':
      case 'TOTP_NOT_ENABLED':
        throw new AppError('CONFLICT', m.notOn);
      case 'SESSION_NOT_FRESH':
        throw new AppError('FORBIDDEN', m.sessionNotFresh);
    }
    if (error.status === 'UNAUTHORIZED') throw AppError.unauthenticated();
  }
  throw error;
}

/**
 * Two-factor verification through better-auth's twoFactor plugin, called with the member's own cookie. The
 * plugin keeps the encrypted secret and backup codes (`two_factors`) and sets `users.two_factor_enabled` once the
 * first code from the app confirms the setup; enabling, confirming and disabling replace the session, so each
 * returns the new cookies.
 */
export function createTwoFactorService({ db, auth }: { db: Db; auth: Auth }) {
  async function status(viewer: Viewer): Promise<TwoFactorStatus> {
    const [row] = await db
      .select({ enabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, viewer.userId));
    return { enabled: row?.enabled ?? false };
  }

  /** Checks the password and starts the setup: a new secret and backup codes, not in force until confirmed. */
  async function enable(viewer: Viewer, password: string, headers: Headers): Promise<TwoFactorSetup> {
    if ((await status(viewer)).enabled) throw new AppError('CONFLICT', m.alreadyOn);
    try {
      const result = await auth.api.enableTwoFactor({ body: { password, method: 'totp' }, headers });
      if (!('totpURI' in result) || !result.totpURI) throw new AppError('INTERNAL', m.failed);
      const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
      return { totpUri: result.totpURI, secret, backupCodes: result.backupCodes ?? [] };
    } catch (error) {
      translate(error, 'password');
    }
  }

  /** The first code from the app: turns two-factor on. */
  async function confirm(viewer: Viewer, code: string, headers: Headers): Promise<string[]> {
    if ((await status(viewer)).enabled) throw new AppError('CONFLICT', m.alreadyOn);
    try {
      const result = await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
      return result.headers.getSetCookie();
    } catch (error) {
      if (error instanceof APIError && error.body?.code === 'TOTP_NOT_ENABLED') {
        throw new AppError('CONFLICT', m.setupExpired);
      }
      translate(error, 'code');
    }
  }

  async function disable(viewer: Viewer, password: string, headers: Headers): Promise<string[]> {
    if (!(await status(viewer)).enabled) throw new AppError('CONFLICT', m.notOn);
    try {
      const result = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
      return result.headers.getSetCookie();
    } catch (error) {
      translate(error, 'password');
    }
  }

  /** New backup codes; the old ones stop working. */
  async function regenerateBackupCodes(
    viewer: Viewer,
    password: string,
    headers: Headers,
  ): Promise<TwoFactorBackupCodes> {
    if (!(await status(viewer)).enabled) throw new AppError('CONFLICT', m.notOn);
    try {
      const result = await auth.api.generateBackupCodes({ body: { password }, headers });
      return { backupCodes: result.backupCodes };
    } catch (error) {
      translate(error, 'password');
    }
  }

  /**
   * The code step of a sign-in, with the short-lived 'two_factor' cookie the password step left: six digits go
   * to the app's check, anything else to the backup codes. The attempt goes to the login history of the account
   * the cookie names; the session is created only here.
   */
  async function verifySignIn(input: TwoFactorCodeInput, headers: Headers, client: Client) {
    const userId = await challengedUser(headers);
    if (!userId) throw new AppError('UNAUTHENTICATED', m.challengeExpired);
    const code = input.code.replace(/\s/g, '');
    try {
      const result = isTotpCode(code)
        ? await auth.api.verifyTOTP({
            body: { code, trustDevice: input.trustDevice },
            headers,
            returnHeaders: true,
          })
        : await auth.api.verifyBackupCode({
            body: { code, trustDevice: input.trustDevice },
            headers,
            returnHeaders: true,
          });
      await recordLoginAttempt(db, result.response.user.id, true, client);
      return { cookies: result.headers.getSetCookie(), userId: result.response.user.id };
    } catch (error) {
      if (error instanceof APIError) {
        await recordLoginAttempt(db, userId, false, client);
        switch (error.body?.code) {
          case 'INVALID_CODE':
          case 'INVALID_BACKUP_CODE':
            throw new AppError('INVALID_CREDENTIALS', m.signInCodeWrong, { code: m.signInCodeWrong });
          // The right code, already used (a second sign-in with it, or two at once): auth/one-time-totp.ts.
          case TOTP_CODE_USED:
            throw new AppError('INVALID_CREDENTIALS', m.codeUsed, { code: m.codeUsed });
          case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
            throw new AppError('UNAUTHENTICATED', m.tooManyAttempts);
          case 'ACCOUNT_TEMPORARILY_LOCKED':
            throw new AppError('RATE_LIMITED', m.locked);
          case 'INVALID_TWO_FACTOR_COOKIE':
            throw new AppError('UNAUTHENTICATED', m.challengeExpired);
        }
      }
      throw error;
    }
  }

  /**
   * Whose sign-in the 'two_factor' cookie continues, for the history only (the plugin checks the cookie's
   * signature itself): the cookie holds `identifier.signature`, and the identifier is a random, short-lived row.
   */
  async function challengedUser(headers: Headers): Promise<string | null> {
    const cookie = headers.get('cookie') ?? '';
    const match = /(?:^|;\s*)(?:__Secure-)?mg\.two_factor=([^;]+)/.exec(cookie);
    if (!match?.[1]) return null;
    const identifier = decodeURIComponent(match[1]).split('.')[0] ?? '';
    if (!identifier.startsWith('2fa-')) return null;
    const [row] = await db
      .select({ userId: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, identifier));
    return row?.userId ?? null;
  }

  return { status, enable, confirm, disable, regenerateBackupCodes, verifySignIn };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
