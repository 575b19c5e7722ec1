import { AsyncLocalStorage } from 'node:async_hooks';
import { paths, withQuery } from '@shared/paths';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { AuthHooks, Client } from './hooks';

/** The SPA page that asks for the code when a provider sign-in needs a second factor (LoginPage). */
const OAUTH_CODE_STEP_PATH = withQuery(paths.login, { etapa: 'codigo' });

/** What one provider callback learns on its way, for its login-history row. */
interface OAuthAttempt {
  client: Client;
  /** The member a session was being made for (set before the suspension check can refuse it). */
  userId: string | null;
  /** The e-mail the provider answered, which names an existing member when linking is refused. */
  email: string | null;
}

const attempts = new AsyncLocalStorage<OAuthAttempt>();

/**
 * Runs one provider callback (auth/routes.ts) with the browser's address and user agent at hand, for the login
 * history, which better-auth's hooks cannot reach from the request they see.
 */
export function withOAuthAttempt<T>(client: Client, run: () => Promise<T>): Promise<T> {
  return attempts.run({ client, userId: null, email: null }, run);
}

/** The attempt in flight (a provider callback or a confirmation link), or undefined outside one. */
export const currentAttempt = () => attempts.getStore();

/** Notes whose sign-in the callback in flight is (no-op outside one). */
export function noteOAuthMember(userId: string) {
  const attempt = attempts.getStore();
  if (attempt) attempt.userId = userId;
}

export function noteOAuthEmail(email: string | undefined) {
  const attempt = attempts.getStore();
  if (attempt && email) attempt.email = email.toLowerCase();
}

const isCallback = (context: { path?: string }) => context.path === '/callback/:id';

/** A path on our own origin, or null (where the sign-in was headed must not leave the site). */
function localPath(location: string | null | undefined, publicUrl: string): string | null {
  if (!location) return null;
  const base = new URL(publicUrl);
  const url = new URL(location, base);
  return url.origin === base.origin ? `${url.pathname}${url.search}` : null;
}

type AfterHook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['after']>[number];

/**
 * Completes a provider sign-in the way the password path is completed (decision 001):
 *
 * 1. the twoFactor plugin's own challenge, which it runs only on the credential sign-in paths, runs on the
 *    callback too: a member with two-factor on (and no trusted-device cookie) loses the new session and gets the
 *    plugin's short-lived `two_factor` cookie instead, so `/api/accounts/login/two-factor` finishes it;
 * 2. the browser is then sent to the code step of /login, carrying where the sign-in was headed;
 * 3. the attempt goes to the login history: a session made is a success; a refused callback is a failure when it
 *    names a member (suspended, or an e-mail of an account that may not be linked), otherwise nothing. A sign-in
 *    waiting for its code records nothing here: the code step records it.
 */
export function oauthSignIn({
  db,
  hooks,
  publicUrl,
  twoFactorChallenge,
}: {
  db: Db;
  hooks: Pick<AuthHooks, 'recordLoginAttempt'>;
  publicUrl: string;
  twoFactorChallenge: AfterHook;
}): BetterAuthPlugin {
  return {
    id: 'mg-oauth-sign-in',
    hooks: {
      after: [
        { matcher: isCallback, handler: twoFactorChallenge.handler },
        {
          matcher: isCallback,
          handler: createAuthMiddleware(async (ctx) => {
            const attempt = attempts.getStore();
            const client = attempt?.client ?? {
              ipAddress: null,
              userAgent: ctx.headers?.get('user-agent') ?? null,
            };
            const session = ctx.context.newSession;
            if (session) {
              await hooks.recordLoginAttempt(session.user.id, true, client);
              return;
            }
            const location = ctx.context.responseHeaders?.get('location');
            const returned = ctx.context.returned;
            if (returned && typeof returned === 'object' && 'twoFactorRedirect' in returned) {
              const headedTo = localPath(location, publicUrl);
              const query = headedTo ? `&destino=${encodeURIComponent(headedTo)}` : '';
              throw ctx.redirect(`${OAUTH_CODE_STEP_PATH}${query}`);
            }
            if (!location || !new URL(location, publicUrl).searchParams.has('error')) return;
            const userId =
              attempt?.userId ?? (attempt?.email ? await memberByEmail(db, attempt.email) : null);
            if (userId) await hooks.recordLoginAttempt(userId, false, client);
          }),
        },
      ],
    },
  };
}

async function memberByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}
