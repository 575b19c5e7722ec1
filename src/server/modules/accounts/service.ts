import { accountMessages } from '@shared/account-messages';
import type {
  ConfirmationResendInput,
  LoginInput,
  Me,
  PasswordResetInput,
  RegisterInput,
} from '@shared/accounts';
import { paths } from '@shared/paths';
import { returnPathOrNone } from '@shared/return-path';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Client } from '../../auth/hooks';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { claimResendSlot } from './confirmation-resend';
import { recordLoginAttempt } from './login-history';
import { assertUsernameFree } from './usernames';

/**
 * Where the confirmation link lands: signed in, with the confirmation toast, on the page the member was headed to
 * when signing up ('/listing/12?acao=comprar'), else on /home.
 */
function confirmedPath(returnTo: string | undefined): string {
  const url = new URL(returnPathOrNone(returnTo) ?? paths.home, 'https://mercado.invalid');
  url.searchParams.set('confirmado', '1');
  return url.pathname + url.search;
}

/** Sign-up, sign-in and sign-out in front of better-auth; their routes declare the credential limits. */
export function createAccountsService({ db, auth }: { db: Db; auth: Auth }) {
  async function register(input: RegisterInput): Promise<void> {
    const email = input.email.toLowerCase();
    // better-auth answers a duplicate sign-up with a silent success; the spec wants the user told.
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw new AppError('EMAIL_TAKEN', accountMessages.emailTaken);
    // The name is looked at here to tell the person under the field (hidden characters, a staff word, a member's
    // name or a look-alike of it); the profile itself is written by the user-create hook under the name's lock
    // (auth.ts), which takes a free variant if one raced in between.
    await assertUsernameFree(db, input.nickname, { field: 'nickname' });
    try {
      await auth.api.signUpEmail({
        body: {
          email,
          password: input.password,
          name: input.nickname,
          mainGame: input.mainGame,
          callbackURL: confirmedPath(input.returnTo),
        },
      });
    } catch (error) {
      if (error instanceof APIError && error.body?.code === 'PASSWORD_TOO_LONG') {
        throw new AppError('VALIDATION', accountMessages.passwordTooLong, {
          password: accountMessages.passwordTooLong,
        });
      }
      if (error instanceof APIError && error.body?.code === 'PASSWORD_TOO_SHORT') {
        throw new AppError('VALIDATION', accountMessages.passwordTooShort, {
          password: accountMessages.passwordTooShort,
        });
      }
      throw error;
    }
  }

  /**
   * Signs in; returns the Set-Cookie headers of the new session. Every attempt on an existing account goes to its
   * login history (settings page), a success or a failure (wrong password, e-mail not confirmed).
   */
  async function login(input: LoginInput, headers: Headers, client: Client) {
    const email = input.email.toLowerCase();
    try {
      const result = await auth.api.signInEmail({
        body: { email, password: input.password, callbackURL: confirmedPath(input.returnTo) },
        headers,
        returnHeaders: true,
      });
      const cookies = result.headers.getSetCookie();
      // Two-factor on: no session yet, only the plugin's short-lived 'two_factor' cookie for the code step,
      // where the attempt is recorded (accounts/two-factor.ts).
      if ('twoFactorRedirect' in result.response) return { cookies, userId: null };
      await recordLoginAttempt(db, result.response.user.id, true, client);
      return { cookies, userId: result.response.user.id };
    } catch (error) {
      if (error instanceof APIError) {
        const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (account) await recordLoginAttempt(db, account.id, false, client);
      }
      if (error instanceof APIError) {
        if (error.body?.code === 'ACCOUNT_SUSPENDED') {
          throw new AppError('ACCOUNT_SUSPENDED', error.body.message ?? error.message);
        }
        if (error.body?.code === 'EMAIL_NOT_VERIFIED') {
          throw new AppError('EMAIL_NOT_CONFIRMED', accountMessages.emailNotConfirmed);
        }
        if (error.status === 'UNAUTHORIZED') {
          throw new AppError('INVALID_CREDENTIALS', accountMessages.invalidCredentials);
        }
      }
      throw error;
    }
  }

  /**
   * 'Reenviar email': a fresh confirmation link to an account still waiting for one, at most once a minute per
   * address. The answer is the same for an unknown or already confirmed address (better-auth mails nothing then).
   */
  async function resendConfirmation(input: ConfirmationResendInput): Promise<void> {
    const email = input.email.toLowerCase();
    await claimResendSlot(db, email);
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: confirmedPath(input.returnTo) } });
  }

  async function logout(headers: Headers): Promise<string[]> {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  }

  /**
   * Mails a single-use reset link if the address has an account. Whether it has one changes neither the
   * answer nor (roughly) its time: better-auth does a dummy lookup for an unknown address, and the mail
   * itself leaves in the background (auth.ts).
   */
  async function requestPasswordReset(emailAddress: string): Promise<void> {
    await auth.api.requestPasswordReset({ body: { email: emailAddress.toLowerCase() } });
  }

  /**
   * Sets the new password with the mailed token, which better-auth spends in the same transaction that
   * writes the password and deletes every session of the account (`revokeSessionsOnPasswordReset`).
   */
  async function resetPassword(input: PasswordResetInput): Promise<void> {
    try {
      await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    } catch (error) {
      if (error instanceof APIError) {
        const code = error.body?.code;
        if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') {
          throw new AppError('RESET_LINK_INVALID', accountMessages.passwordResetLinkInvalid);
        }
        if (code === 'PASSWORD_TOO_SHORT') {
          throw new AppError('VALIDATION', accountMessages.passwordTooShort, {
            password: accountMessages.passwordTooShort,
          });
        }
      }
      throw error;
    }
  }

  async function describe(userId: string, role: Viewer['role']): Promise<Me | null> {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        createdAt: users.createdAt,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId));
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      nickname: row.username ?? row.name,
      avatarUrl: row.avatarUrl ?? null,
      role,
      memberSince: row.createdAt.toISOString(),
    };
  }

  return { register, login, resendConfirmation, logout, requestPasswordReset, resetPassword, describe };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
