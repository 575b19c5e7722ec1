import { accountMessages } from '@shared/account-messages';
import type { LoginInput, Me, RegisterInput } from '@shared/accounts';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../errors';

/** Where the confirmation link lands: signed in, with the confirmation toast. */
const CONFIRMED_PATH = '/home?confirmado=1';

/** Sign-up, sign-in and sign-out in front of better-auth; their routes declare the credential limits. */
export function createAccountsService({ db, auth }: { db: Db; auth: Auth }) {
  async function register(input: RegisterInput): Promise<void> {
    const email = input.email.toLowerCase();
    // better-auth answers a duplicate sign-up with a silent success; the spec wants the user told.
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw new AppError('EMAIL_TAKEN', accountMessages.emailTaken);
    try {
      await auth.api.signUpEmail({
        body: {
          email,
          password: input.password,
          name: input.nickname,
          mainGame: input.mainGame,
          callbackURL: CONFIRMED_PATH,
        },
      });
    } catch (error) {
      if (error instanceof APIError && error.body?.code === 'PASSWORD_TOO_SHORT') {
        throw new AppError('VALIDATION', accountMessages.passwordTooShort, {
          password: accountMessages.passwordTooShort,
        });
      }
      throw error;
    }
  }

  /** Signs in; returns the Set-Cookie headers of the new session. */
  async function login(input: LoginInput, headers: Headers) {
    const email = input.email.toLowerCase();
    try {
      const result = await auth.api.signInEmail({
        body: { email, password: input.password, callbackURL: CONFIRMED_PATH },
        headers,
        returnHeaders: true,
      });
      return { cookies: result.headers.getSetCookie(), userId: result.response.user.id };
    } catch (error) {
      if (error instanceof APIError) {
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

  async function logout(headers: Headers): Promise<string[]> {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
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

  return { register, login, logout, describe };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
