import { and, eq, sql } from 'drizzle-orm';
import type { LiveRole } from '@motema/shared/lives';
import type { DbOrTx } from '../../db/client.ts';
import { liveViewers, lives } from '../../db/schema.ts';
import { matchedBetween } from '../discovery/discovery.policy.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';

/**
 * A member's place in a live that is not over, or null when they may not watch it (it does not
 * exist or ended, a block stands between them either way, it is for matches only and they are not
 * one, or they were removed from it). The one check the routes, the socket events and the segments'
 * route share: a member without a place gets 404 `live_not_found`, never the reason.
 */
export async function liveRoleOf(db: DbOrTx, liveId: string, memberId: string): Promise<LiveRole | null> {
  const [row] = await db
    .select({
      broadcasterId: lives.broadcasterId,
      role: liveViewers.role,
      removed: sql<boolean>`${liveViewers.removedAt} IS NOT NULL`,
    })
    .from(lives)
    .leftJoin(liveViewers, and(eq(liveViewers.liveId, lives.id), eq(liveViewers.userId, memberId)))
    .where(
      and(
        eq(lives.id, liveId),
        sql`${lives.status} <> 'ended'`,
        sql`(${lives.broadcasterId} = ${memberId} OR (${notBlockedWith(memberId, lives.broadcasterId)}
          AND (${lives.audience} = 'everyone' OR ${matchedBetween(sql`${memberId}::uuid`, lives.broadcasterId)})))`,
      ),
    );
  if (!row) return null;
  if (row.broadcasterId === memberId) return 'broadcaster';
  if (row.removed) return null;
  return row.role ?? 'viewer';
}
