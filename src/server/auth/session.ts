import type { StaffRole } from '@shared/accounts';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { adminRoles } from '../db/schema';
import { AppError } from '../errors';
import type { Auth } from './auth';

export interface Viewer {
  userId: string;
  email: string;
  role: StaffRole | null;
}

/**
 * Who is asking: read from the session cookie. Routes call `optional`, `user` or `staff`;
 * services receive the Viewer and decide what it may do.
 */
export function createSessionReader(auth: Auth, db: Db) {
  // A route may ask twice (a guard, then the handler); the session is read once per request.
  const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

  function optional(request: FastifyRequest): Promise<Viewer | null> {
    let viewer = viewers.get(request);
    if (!viewer) {
      viewer = readViewer(request);
      viewers.set(request, viewer);
    }
    return viewer;
  }

  async function readViewer(request: FastifyRequest): Promise<Viewer | null> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
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

  async function user(request: FastifyRequest): Promise<Viewer> {
    const viewer = await optional(request);
    if (!viewer) throw AppError.unauthenticated();
    return viewer;
  }

  async function staff(request: FastifyRequest): Promise<Viewer> {
    const viewer = await user(request);
    if (!viewer.role) throw AppError.forbidden();
    return viewer;
  }

  return { optional, user, staff, roleOf };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
