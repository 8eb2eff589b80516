import type { Db, DbOrTx } from '../../db/client.ts';
import { perHandle } from '../../db/per-handle.ts';
import { clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import type { UserRole } from '../../db/schema/users.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';
import * as repo from './sessions.repository.ts';

export const SESSION_COOKIE = 'motema_session';
export const SESSION_TTL_MS = 60 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** `role`: the member's, read with the session (moderation routes answer 404 to a member: plugins/staff-only.ts). */
export type AuthContext = { sessionId: string; userId: string; role: UserRole };

/** A new session: the cookie gets the token, the database only its hash. */
export async function createSession(db: DbOrTx, userId: string, userAgent: string | null) {
  const token = newToken();
  const now = clock.now();
  const session = await repo.insertSession(db, {
    userId,
    tokenHash: sha256(token),
    userAgent: userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return { token, session };
}

/** How long a session read stays this node's answer without a query (decision 0062). */
export const SESSION_CACHE_MS = 10_000;
type LiveSession = NonNullable<Awaited<ReturnType<typeof repo.findLiveSession>>>;
const cacheOf = perHandle((_db: Db): SessionCache<LiveSession> =>
  createSessionCache({ ttlMs: SESSION_CACHE_MS, max: 50_000 }),
);

/**
 * The member behind a cookie token, or undefined for a missing, revoked or expired session; `fresh`
 * reads it from the database whatever this node keeps (and keeps what it read).
 */
export async function authenticate(db: Db, token: string | undefined, { fresh = false } = {}) {
  if (!token || token.length > 100) return undefined;
  const now = clock.now();
  const tokenHash = sha256(token);
  const cache = cacheOf(db);
  const found =
    (fresh ? undefined : cache.get(tokenHash, now.getTime())) ??
    (await cache.load(tokenHash, now.getTime(), async () => {
      const read = await repo.findLiveSession(db, tokenHash, now);
      return read?.user.status === 'pending' ? undefined : read;
    }));
  if (!found) return undefined;
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    found.session.lastSeenAt = now;
    await repo.touchSession(db, found.session.id, now);
  }
  return found;
}

/** Sessions revoked (here or on another node): this node no longer takes them from its cache. */
export function forgetSessions(db: Db, sessionIds: readonly string[]): void {
  cacheOf(db).forget(sessionIds);
}

/**
 * The session a cookie token opens, as a request or a socket carries it: undefined for a missing,
 * revoked or expired session.
 */
export async function sessionOf(
  db: Db,
  token: string | undefined,
  options?: { fresh?: boolean },
): Promise<AuthContext | undefined> {
  const found = await authenticate(db, token, options);
  return found && { sessionId: found.session.id, userId: found.user.id, role: found.user.role };
}

/** Ends one session. The caller emits `sessions.revoked` after the commit, so its sockets close. */
export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await repo.revokeSessions(db, [sessionId], clock.now());
}

/**
 * Ends every session of a member, but `exceptId` if given; the ids of those it ended, for the
 * `sessions.revoked` event the caller emits after the commit.
 */
export async function revokeAllSessions(db: DbOrTx, userId: string, exceptId?: string) {
  return repo.revokeUserSessions(db, userId, clock.now(), exceptId);
}
