import { and, desc, eq, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { LiveEndReason } from '@motema/shared/lives';
import type { DbOrTx } from '../../db/client.ts';
import { liveFrames, liveViewers, lives, users, type LiveRow } from '../../db/schema.ts';
import {
  discoverable,
  listedFor,
  matchedBetween,
  matchedMembersOf,
  positionOf,
  wantedBy,
  withinKm,
  type Viewer,
} from '../discovery/discovery.policy.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';

/** What the start of a live reads of its broadcaster: the account's age. */
export async function findBroadcaster(db: DbOrTx, userId: string) {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return row;
}

/** A new live, or undefined when the broadcaster has one not ended (the partial unique key). */
export async function insertLive(
  db: DbOrTx,
  values: Pick<typeof lives.$inferInsert, 'broadcasterId' | 'title' | 'audience' | 'audioOnly' | 'node'>,
): Promise<LiveRow | undefined> {
  const [row] = await db.insert(lives).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findLive(db: DbOrTx, id: string): Promise<LiveRow | undefined> {
  const [row] = await db.select().from(lives).where(eq(lives.id, id));
  return row;
}

/** The live as `memberId` sees it: their viewer row (if they joined) and whether they match its broadcaster. */
export async function findLiveFor(db: DbOrTx, id: string, memberId: string) {
  const [row] = await db
    .select({
      live: lives,
      viewer: liveViewers,
      match: matchedBetween(sql`${memberId}::uuid`, lives.broadcasterId),
    })
    .from(lives)
    .leftJoin(liveViewers, and(eq(liveViewers.liveId, lives.id), eq(liveViewers.userId, memberId)))
    .where(eq(lives.id, id));
  return row;
}

/** `starting` becomes `live` once (a repeated onAir changes nothing). */
export async function setOnAir(db: DbOrTx, id: string, at: Date): Promise<LiveRow | undefined> {
  const [row] = await db
    .update(lives)
    .set({ status: 'live', onAirAt: at })
    .where(and(eq(lives.id, id), eq(lives.status, 'starting')))
    .returning();
  return row;
}

/** Ends the live once; undefined when it had ended already. Its viewers are no longer present. */
export async function endLive(
  db: DbOrTx,
  id: string,
  reason: LiveEndReason,
  at: Date,
): Promise<LiveRow | undefined> {
  const [row] = await db
    .update(lives)
    .set({ status: 'ended', endReason: reason, endedAt: at, viewers: 0 })
    .where(and(eq(lives.id, id), ne(lives.status, 'ended')))
    .returning();
  if (row) await db.update(liveViewers).set({ present: false }).where(eq(liveViewers.liveId, id));
  return row;
}

/** The broadcaster's lives not ended (one at most). */
export async function findOpenLivesOf(db: DbOrTx, broadcasterId: string): Promise<string[]> {
  const rows = await db
    .select({ id: lives.id })
    .from(lives)
    .where(and(eq(lives.broadcasterId, broadcasterId), ne(lives.status, 'ended')));
  return rows.map((row) => row.id);
}

/**
 * Lives to end: on air past `maxStartedBefore`; `starting` since before `stalledBefore`; held by this
 * node (`node`) but not by its encoder (`active`: the process restarted, its encoder is gone).
 */
export async function findDueLives(
  db: DbOrTx,
  {
    maxStartedBefore,
    stalledBefore,
    orphanedBefore,
    node,
    active,
  }: {
    maxStartedBefore: Date;
    stalledBefore: Date;
    /** Not a live this node is opening right now. */
    orphanedBefore: Date;
    node: string;
    active: readonly string[];
  },
) {
  return db
    .select({ id: lives.id, status: lives.status, startedAt: lives.startedAt })
    .from(lives)
    .where(
      and(
        ne(lives.status, 'ended'),
        or(
          lt(lives.startedAt, maxStartedBefore),
          and(eq(lives.status, 'starting'), lt(lives.startedAt, stalledBefore)),
          and(
            eq(lives.node, node),
            lt(lives.startedAt, orphanedBefore),
            active.length ? notInArray(lives.id, [...active]) : undefined,
          ),
        ),
      ),
    );
}

/**
 * The lives on air `viewer` may watch, as liveRoleOf says (no block either way, matches only for a
 * matches' live, never one they were removed from), whose broadcaster their lists show (listedFor:
 * active, not reported by them, not asked to verify) and, in discreet mode, only to their matches:
 * their matches' first, then those near them (discovery's distance rules: wanted, within their
 * preferred distance, discoverable), then the most watched.
 */
export async function findShownLives(db: DbOrTx, viewer: Viewer, limit: number) {
  const me = sql`${viewer.id}::uuid`;
  const match = matchedBetween(me, lives.broadcasterId);
  const at = positionOf(viewer);
  const near = at
    ? sql<boolean>`(${and(discoverable, wantedBy(viewer, { distance: false }), withinKm(at, viewer.matchDistanceKm))})`
    : // A bare constant is refused in ORDER BY (taken as a column's number): typed, it is a value.
      sql<boolean>`false::boolean`;
  return db
    .select({ live: lives, match, near })
    .from(lives)
    .innerJoin(users, eq(users.id, lives.broadcasterId))
    .leftJoin(liveViewers, and(eq(liveViewers.liveId, lives.id), eq(liveViewers.userId, viewer.id)))
    .where(
      and(
        eq(lives.status, 'live'),
        ne(lives.broadcasterId, viewer.id),
        listedFor(viewer.id),
        notBlockedWith(viewer.id, lives.broadcasterId),
        sql`${liveViewers.removedAt} IS NULL`,
        sql`(${lives.audience} = 'everyone' OR ${match})`,
        sql`(NOT ${users.discreet} OR ${match})`,
      ),
    )
    .orderBy(desc(match), desc(near), desc(lives.viewers), desc(lives.startedAt))
    .limit(limit);
}

/** The storage keys of the live's latest sampled frames, newest first. */
export async function findLatestFrameKeys(db: DbOrTx, liveId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: liveFrames.key })
    .from(liveFrames)
    .where(eq(liveFrames.liveId, liveId))
    .orderBy(desc(liveFrames.takenAt))
    .limit(limit);
  return rows.map((row) => row.key);
}

/**
 * The broadcaster's matches with no block between them (the push's audience), who are not already
 * watching.
 */
export async function findMatchesToTell(
  db: DbOrTx,
  liveId: string,
  broadcasterId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.id} IN (${matchedMembersOf(broadcasterId)})`,
        eq(users.status, 'active'),
        notBlockedWith(broadcasterId, users.id),
        sql`NOT EXISTS (SELECT 1 FROM ${liveViewers} WHERE ${liveViewers.liveId} = ${liveId} AND ${liveViewers.userId} = ${users.id})`,
      ),
    );
  return rows.map((row) => row.id);
}
