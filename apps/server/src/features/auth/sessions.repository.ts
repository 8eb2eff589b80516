import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { perHandle } from '../../db/per-handle.ts';

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; userAgent: string | null; expiresAt: Date },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/**
 * The live session with this token hash and its member: only what every request needs. This runs
 * before each API request, so it is one prepared statement (built and planned once per connection;
 * whole rows cost a wide read and mapping of every column each time).
 */
function prepareLiveSession(db: DbOrTx) {
  return db
    .select({
      session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
      user: { id: users.id, status: users.status, role: users.role },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('auth_live_session_v3');
}
const liveSessionQuery = perHandle(prepareLiveSession);

/** The live session with this token hash and its member, if any. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

export async function touchSession(db: DbOrTx, id: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

/** Revokes sessions of a member (all, or all but one) and returns their ids. */
export async function revokeUserSessions(db: DbOrTx, userId: string, now: Date, exceptId?: string) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptId ? ne(sessions.id, exceptId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function revokeSessions(db: DbOrTx, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await db.update(sessions).set({ revokedAt: now }).where(inArray(sessions.id, ids));
}
