import type { Client } from '../../auth/hooks';
import type { Db } from '../../db/client';
import { loginHistory } from '../../db/schema';

/**
 * Records one sign-in attempt on an existing account: the form's login and its code step (accounts/service.ts,
 * accounts/two-factor.ts), Discord and the confirmation link (auth, through accountAuthHooks).
 */
export async function recordLoginAttempt(db: Db, userId: string, success: boolean, client: Client) {
  await db.insert(loginHistory).values({
    userId,
    success,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
}
