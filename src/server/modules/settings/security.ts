import type { ActiveSession, ChangePasswordInput, LoginAttempt } from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import { describeDevice } from '@shared/user-agent';
import { APIError } from 'better-auth/api';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { loginHistory, sessions } from '../../db/schema';
import { AppError } from '../../errors';

/** How many sign-in attempts the page lists (the export holds them all). */
const LOGIN_HISTORY_SHOWN = 50;

/**
 * Password, sessions and sign-in history. better-auth stays the authority on passwords and sessions: the
 * password changes through `auth.api.changePassword` and sessions end through `auth.api.revokeSession` /
 * `revokeOtherSessions`, called here with the member's own cookie; the list is read from our `sessions` table
 * (better-auth's listSessions would hand out tokens, which never leave the server).
 */
export function createSecurityService({ db, auth }: { db: Db; auth: Auth }) {
  async function currentSessionId(headers: Headers): Promise<string | null> {
    const session = await auth.api.getSession({ headers });
    return session?.session.id ?? null;
  }

  /** Checks the current password, sets the new one, ends every other session; returns the new session's cookies. */
  async function changePassword(input: ChangePasswordInput, headers: Headers): Promise<string[]> {
    try {
      const result = await auth.api.changePassword({
        body: {
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: true,
        },
        headers,
        returnHeaders: true,
      });
      return result.headers.getSetCookie();
    } catch (error) {
      if (error instanceof APIError) {
        const code = error.body?.code;
        if (code === 'INVALID_PASSWORD') {
          throw new AppError('VALIDATION', m.currentPasswordWrong, {
            currentPassword: m.currentPasswordWrong,
          });
        }
        if (code === 'PASSWORD_TOO_SHORT') {
          throw new AppError('VALIDATION', m.passwordTooShort, { newPassword: m.passwordTooShort });
        }
        if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw new AppError('VALIDATION', m.noPasswordAccount);
        if (error.status === 'UNAUTHORIZED') throw AppError.unauthenticated();
      }
      throw error;
    }
  }

  async function listSessions(viewer: Viewer, headers: Headers): Promise<ActiveSession[]> {
    const current = await currentSessionId(headers);
    const rows = await db
      .select({
        id: sessions.id,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, viewer.userId), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.updatedAt));
    return rows
      .map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        ipAddress: row.ipAddress,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.updatedAt.toISOString(),
        isCurrent: row.id === current,
      }))
      .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
  }

  /** Ends one of the member's sessions (never someone else's: the row is looked up by id and owner). */
  async function endSession(viewer: Viewer, id: string, headers: Headers): Promise<string[]> {
    const [row] = await db
      .select({ token: sessions.token })
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, viewer.userId)));
    if (!row) throw new AppError('NOT_FOUND', m.sessionNotFound);
    const result = await auth.api.revokeSession({ body: { token: row.token }, headers, returnHeaders: true });
    // Ending this very session also clears its cookie.
    return result.headers.getSetCookie();
  }

  async function endOtherSessions(headers: Headers): Promise<void> {
    await auth.api.revokeOtherSessions({ headers });
  }

  async function listLoginHistory(viewer: Viewer): Promise<LoginAttempt[]> {
    const rows = await db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.userId, viewer.userId))
      .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
      .limit(LOGIN_HISTORY_SHOWN);
    return rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      ipAddress: row.ipAddress,
      device: describeDevice(row.userAgent),
      success: row.success,
    }));
  }

  return { changePassword, listSessions, endSession, endOtherSessions, listLoginHistory };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
