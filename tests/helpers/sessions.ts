import { makeSignature } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createAuth } from '../../src/server/auth/auth';
import type { Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { withSessionSecret } from '../../src/server/db/server-secrets';
import { accountAuthHooks } from '../../src/server/modules/accounts/auth-hooks';

const silent = new Proxy({}, { get: () => () => {} }) as FastifyBaseLogger;
const contexts = new WeakMap<Db, ReturnType<typeof authContext>>();

async function authContext(config: Config, db: Db) {
  const noMail = { send: async () => {}, queue: async () => {} };
  return createAuth(await withSessionSecret(config, db), db, noMail, silent, accountAuthHooks(db)).$context;
}

/**
 * A Cookie header holding a new session of `userId`, made on the server the way a sign-in ends (better-auth's
 * adapter, its signed `session_token`), without the sign-in's password check: for tests about what members do,
 * not about signing in, which make many of them.
 */
export async function sessionCookie(t: { config: Config; db: Db }, userId: string): Promise<string> {
  let context = contexts.get(t.db);
  if (!context) {
    context = authContext(t.config, t.db);
    contexts.set(t.db, context);
  }
  const ctx = await context;
  const session = await ctx.internalAdapter.createSession(userId);
  const signed = `${session.token}.${await makeSignature(session.token, ctx.secret)}`;
  return `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}
