import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { memberOf } from './request-member.ts';

/** The roles that open the moderation console: moderators, and admins who may do all they do. */
const STAFF_ROLES: ReadonlySet<string> = new Set(['moderator', 'admin']);

/**
 * The session of a moderation route's request, refused as an unknown route (404 `not_found`, the
 * same body as a path nothing serves) to a member: the console's routes are not there for them, and
 * an answer of 403 would tell them they exist. The role comes with the session, read again from the
 * database here (sessions.service.ts): a role the admin command grants or takes holds at once, where
 * other routes may take the session from the node's cache (decision 0062).
 * Routes use it as their `onRequest` hook: `{ onRequest: staffOnly }`.
 */
export async function staffOnly(request: FastifyRequest): Promise<void> {
  await request.readAuthAgain();
  const auth = memberOf(request);
  if (!STAFF_ROLES.has(auth.role)) throw new AppError(404, 'not_found');
}

/** Whether the request's session is an admin's (granting roles and reading the audit log of others). */
export function isAdmin(request: FastifyRequest): boolean {
  return memberOf(request).role === 'admin';
}
