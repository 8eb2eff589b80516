import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { liveViewers, lives, users, type LiveViewerRow } from '../../db/schema.ts';
import { shownInListsTo } from '../discovery/discovery.policy.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';

// A live's viewers (live_viewers) and the count they keep in `lives.viewers`.

/**
 * The member is present in the live from now on: true when they were not (a first join, or back
 * after leaving), and the live's count and peak follow in the same statement's transaction.
 */
export async function markPresent(db: DbOrTx, liveId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(liveViewers)
    .values({ liveId, userId })
    .onConflictDoUpdate({
      target: [liveViewers.liveId, liveViewers.userId],
      set: { present: true },
      setWhere: sql`${liveViewers.present} = false AND ${liveViewers.removedAt} IS NULL`,
    })
    .returning({ userId: liveViewers.userId });
  return rows.length > 0;
}

/** The member is no longer present (their last socket left): true when they were. */
export async function markAbsent(db: DbOrTx, liveId: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(liveViewers)
    .set({ present: false })
    .where(and(eq(liveViewers.liveId, liveId), eq(liveViewers.userId, userId), eq(liveViewers.present, true)))
    .returning({ userId: liveViewers.userId });
  return rows.length > 0;
}

/** The live's count moves by `delta` (its peak follows); the count now, undefined once ended. */
export async function moveViewerCount(
  db: DbOrTx,
  liveId: string,
  delta: 1 | -1,
): Promise<number | undefined> {
  const [row] = await db
    .update(lives)
    .set({
      viewers: sql`greatest(${lives.viewers} + ${delta}, 0)`,
      peakViewers: sql`greatest(${lives.peakViewers}, ${lives.viewers} + ${delta})`,
    })
    .where(and(eq(lives.id, liveId), ne(lives.status, 'ended')))
    .returning({ viewers: lives.viewers });
  return row?.viewers;
}

export async function findViewer(
  db: DbOrTx,
  liveId: string,
  userId: string,
): Promise<LiveViewerRow | undefined> {
  const [row] = await db
    .select()
    .from(liveViewers)
    .where(and(eq(liveViewers.liveId, liveId), eq(liveViewers.userId, userId)));
  return row;
}

export async function updateViewer(
  db: DbOrTx,
  liveId: string,
  userId: string,
  change: Partial<Pick<LiveViewerRow, 'role' | 'muted' | 'present' | 'removedAt'>>,
): Promise<LiveViewerRow | undefined> {
  const [row] = await db
    .update(liveViewers)
    .set(change)
    .where(and(eq(liveViewers.liveId, liveId), eq(liveViewers.userId, userId)))
    .returning();
  return row;
}

/**
 * The members watching now (not removed), in the order they came, as `callerId` (the broadcaster or
 * a live moderator) may be shown them: active, no block either way, and a member in discreet mode
 * only to their matches and conversation partners (discovery's shownInListsTo).
 */
export function findPresentViewers(db: DbOrTx, liveId: string, callerId: string) {
  return db
    .select({ viewer: liveViewers })
    .from(liveViewers)
    .innerJoin(users, eq(users.id, liveViewers.userId))
    .where(
      and(
        eq(liveViewers.liveId, liveId),
        eq(liveViewers.present, true),
        sql`${liveViewers.removedAt} IS NULL`,
        eq(users.status, 'active'),
        notBlockedWith(callerId, users.id),
        shownInListsTo(callerId),
      ),
    )
    .orderBy(asc(liveViewers.joinedAt), asc(liveViewers.userId));
}

/** The live's present viewers with a block between them and `memberId` either way. */
export async function findViewersHiddenFrom(db: DbOrTx, liveId: string, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: liveViewers.userId })
    .from(liveViewers)
    .where(
      and(
        eq(liveViewers.liveId, liveId),
        eq(liveViewers.present, true),
        sql`NOT ${notBlockedWith(memberId, liveViewers.userId)}`,
      ),
    );
  return rows.map((row) => row.userId);
}

/** Whether the member watched the live (a viewer row, not removed): they may report it once it ended. */
export async function watched(
  db: DbOrTx,
  liveId: string,
  broadcasterId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: liveViewers.userId })
    .from(liveViewers)
    .innerJoin(lives, eq(lives.id, liveViewers.liveId))
    .where(
      and(
        eq(liveViewers.liveId, liveId),
        eq(liveViewers.userId, userId),
        eq(lives.broadcasterId, broadcasterId),
        sql`${liveViewers.removedAt} IS NULL`,
      ),
    );
  return !!row;
}

/**
 * A member's deletion: they leave every live they are present in, and each live not ended counts
 * one viewer less, in one statement (as markAbsent and moveViewerCount do for a last socket leaving);
 * answers each such live with its new count.
 */
export async function leaveAllLivesOf(
  db: DbOrTx,
  userId: string,
): Promise<{ liveId: string; viewers: number }[]> {
  const { rows } = await db.execute<{ liveId: string; viewers: number }>(sql`
    WITH gone AS (
      UPDATE ${liveViewers} SET present = false
      WHERE ${liveViewers.userId} = ${userId} AND ${liveViewers.present}
      RETURNING ${liveViewers.liveId}
    )
    UPDATE ${lives} SET viewers = greatest(${lives.viewers} - 1, 0)
    WHERE ${lives.id} IN (SELECT live_id FROM gone) AND ${lives.status} <> 'ended'
    RETURNING ${lives.id} AS "liveId", ${lives.viewers} AS viewers`);
  return rows;
}
