import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StaffRole } from '@shared/accounts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { adminRoles, sessions, users } from '../db/schema';
import type { Auth } from './auth';
import { authHeaders } from './headers';

export interface Viewer {
  userId: string;
  email: string;
  role: StaffRole | null;
}

/** An HMAC-SHA256 in standard base64, as better-call signs a cookie. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The value of cookie `name` in a Cookie header when its signature (better-call's: `value.base64(HMAC-SHA256)`)
 * holds; the first cookie of that name counts and a %-encoded value is decoded, as better-call reads it.
 */
function signedCookie(header: string | undefined, name: string, secret: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    let raw = part.slice(at + 1).trim();
    if (raw.startsWith('"')) raw = raw.slice(1, -1);
    let value: string;
    try {
      value = raw.includes('%') ? decodeURIComponent(raw) : raw;
    } catch {
      value = raw;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const signature = value.slice(dot + 1);
    if (!SIGNATURE.test(signature)) return null;
    const signed = value.slice(0, dot);
    const expected = createHmac('sha256', secret).update(signed).digest();
    return timingSafeEqual(Buffer.from(signature, 'base64'), expected) ? signed : null;
  }
  return null;
}

/**
 * Who is asking, read from the session cookie. Routes get it through their guard (guards.ts).
 *
 * Every request reads it, so the common case is one statement: the cookie's signature checked here, then the
 * session, its user and staff role together. A session that has expired or is due its refresh (better-auth's
 * `updateAge`, the "last seen" of decision 012) goes through better-auth's own `getSession`, which deletes or
 * refreshes it as before; so does every answer for a session the fast read does not find valid.
 */
export function createSessionReader(auth: Auth, db: Db) {
  const settings = auth.$context.then((context) => ({
    cookie: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  async function read(request: FastifyRequest): Promise<Viewer | null> {
    const { cookie, secret, expiresInMs, updateAgeMs } = await settings;
    const token = signedCookie(request.headers.cookie, cookie, secret);
    if (!token) return null;
    const [found] = await db
      .select({
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        email: users.email,
        role: adminRoles.role,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(adminRoles, eq(adminRoles.userId, sessions.userId))
      .where(eq(sessions.token, token));
    if (!found) return null;
    const expiresAt = found.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt < now || expiresAt - expiresInMs + updateAgeMs <= now) return readThroughAuth(request);
    return { userId: found.userId, email: found.email, role: found.role ?? null };
  }

  async function readThroughAuth(request: FastifyRequest): Promise<Viewer | null> {
    const session = await auth.api.getSession({ headers: authHeaders(request) });
    if (!session) return null;
    return { userId: session.user.id, email: session.user.email, role: await roleOf(session.user.id) };
  }

  async function roleOf(userId: string): Promise<StaffRole | null> {
    const [staff] = await db
      .select({ role: adminRoles.role })
      .from(adminRoles)
      .where(eq(adminRoles.userId, userId));
    return staff?.role ?? null;
  }

  return { read, roleOf };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
