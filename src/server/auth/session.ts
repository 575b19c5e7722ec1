import type { StaffRole } from '@shared/accounts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { adminRoles } from '../db/schema';
import type { Auth } from './auth';
import { authHeaders } from './headers';

export interface Viewer {
  userId: string;
  email: string;
  role: StaffRole | null;
}

/** Who is asking, read from the session cookie. Routes get it through their guard (guards.ts). */
export function createSessionReader(auth: Auth, db: Db) {
  async function read(request: FastifyRequest): Promise<Viewer | null> {
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
