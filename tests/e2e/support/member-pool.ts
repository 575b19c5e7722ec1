import { writeFileSync } from 'node:fs';
import { hashPassword, makeSignature } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createAuth } from '../../../src/server/auth/auth';
import type { Config } from '../../../src/server/config';
import type { Db } from '../../../src/server/db/client';
import { adminRoles } from '../../../src/server/db/schema';
import { withSessionSecret } from '../../../src/server/db/server-secrets';
import { accountAuthHooks } from '../../../src/server/modules/accounts/auth-hooks';
import { type MemberPool, memberPoolFile, type PoolMember } from './members';

/** Same password for everyone in the pool: one scrypt hash instead of one per member. */
const poolPassword = 'Membro@123';

const silent = new Proxy({}, { get: () => () => {} }) as FastifyBaseLogger;

/**
 * Creates `count` members and `staffCount` staff through the app's own better-auth instance (its user hook
 * writes the public profile), opens a session for each with better-auth's internal adapter and signs its
 * token the way better-auth signs `session_token` (HMAC-SHA256 with the secret, `token.signature`,
 * URI-encoded). Writes the pool to `memberPoolFile(config.dataDir)`.
 */
export async function createMemberPool(
  config: Config,
  db: Db,
  { count, staffCount }: { count: number; staffCount: number },
): Promise<MemberPool> {
  const auth = createAuth(
    await withSessionSecret(config, db),
    db,
    { send: async () => {}, queue: async () => {} },
    silent,
    accountAuthHooks(db),
  );
  const ctx = await auth.$context;
  const cookieName = ctx.authCookies.sessionToken.name;
  const passwordHash = await hashPassword(poolPassword);
  const run = Date.now().toString(36);

  async function create(prefix: string, nicknamePrefix: string, i: number): Promise<PoolMember> {
    const email = `${prefix}${i}-${run}@e2e.teste`;
    const nickname = `${nicknamePrefix}${i}${run.slice(-3)}`;
    const user = await ctx.internalAdapter.createUser(
      { email, name: nickname, emailVerified: true },
      { method: 'test' },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: passwordHash,
    });
    const session = await ctx.internalAdapter.createSession(user.id);
    const signed = `${session.token}.${await makeSignature(session.token, ctx.secret)}`;
    return {
      email,
      password: poolPassword,
      nickname,
      userId: user.id,
      cookie: { name: cookieName, value: encodeURIComponent(signed) },
    };
  }

  const pool: MemberPool = { members: [], staff: [] };
  for (let i = 0; i < count; i++) pool.members.push(await create('membro', 'Membro', i));
  for (let i = 0; i < staffCount; i++) {
    // Not 'Moderador…': the user hook gives a name that reads as staff to no new account (accounts/names.ts); the
    // role comes after.
    const staff = await create('equipe', 'Gestor', i);
    await db.insert(adminRoles).values({ userId: staff.userId, role: 'admin' });
    pool.staff.push(staff);
  }
  writeFileSync(memberPoolFile(config.dataDir), JSON.stringify(pool));
  return pool;
}
