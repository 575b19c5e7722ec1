import { errorMessages } from '@shared/errors';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { Viewer } from './session';

/**
 * Route guards, declared once per route as `onRequest`: each reads the session cookie once and puts the viewer
 * on the request, before the body is parsed, so a guest is told to sign in before being told what is wrong
 * with what they sent.
 */
export function requireUser(message: string = errorMessages.unauthenticated) {
  return async (request: FastifyRequest) => {
    request.viewer = await request.server.session.read(request);
    if (!request.viewer) throw new AppError('UNAUTHENTICATED', message);
  };
}

export function requireStaff() {
  return async (request: FastifyRequest) => {
    request.viewer = await request.server.session.read(request);
    if (!request.viewer) throw AppError.unauthenticated();
    if (!request.viewer.role) throw AppError.forbidden();
  };
}

/**
 * Admin-only routes (roles, banners, partnerships, money decisions): a moderator is staff but gets 403.
 * The services check the same rule (`isAdmin` in src/shared/permissions.ts); the guard answers early.
 */
export function requireAdmin() {
  return async (request: FastifyRequest) => {
    request.viewer = await request.server.session.read(request);
    if (!request.viewer) throw AppError.unauthenticated();
    if (request.viewer.role !== 'admin') throw AppError.forbidden();
  };
}

/** For public routes whose answer depends on who asks (a like, a delete button); guests get null. */
export async function readViewer(request: FastifyRequest) {
  request.viewer = await request.server.session.read(request);
}

/** The viewer a `requireUser`/`requireStaff` guard put on the request; fails closed if a route forgot it. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw AppError.unauthenticated();
  return request.viewer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's guard; null for a guest or a route without one. */
    viewer: Viewer | null;
  }
}
