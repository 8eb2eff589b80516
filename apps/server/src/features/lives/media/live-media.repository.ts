import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { liveFrames, lives } from '../../../db/schema.ts';

/** A frame sampled from a live, stored under `key` (live-publisher.ts). */
export async function insertLiveFrame(db: DbOrTx, liveId: string, key: string): Promise<void> {
  await db.insert(liveFrames).values({ liveId, key }).onConflictDoNothing();
}

/** A live's frames are gone with its files (a case keeps its own copies: docs/lives.md). */
export async function deleteLiveFrames(db: DbOrTx, liveId: string): Promise<void> {
  await db.delete(liveFrames).where(eq(liveFrames.liveId, liveId));
}

/** The live of `broadcasterId` with this id, or undefined. */
export async function findBroadcastersLive(db: DbOrTx, liveId: string, broadcasterId: string) {
  const [row] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.broadcasterId, broadcasterId)));
  return row;
}

/** Records the post a live was kept as, once: false when it already was. */
export async function setKeptPost(db: DbOrTx, liveId: string, postId: string): Promise<boolean> {
  const rows = await db
    .update(lives)
    .set({ keptPostId: postId })
    .where(and(eq(lives.id, liveId), isNull(lives.keptPostId)))
    .returning({ id: lives.id });
  return rows.length === 1;
}

/** The lives their broadcasters ended between `since` and `until` and did not keep. */
export async function livesNotKept(db: DbOrTx, since: Date, until: Date): Promise<string[]> {
  const rows = await db
    .select({ id: lives.id })
    .from(lives)
    .where(
      and(
        eq(lives.endReason, 'broadcaster'),
        isNull(lives.keptPostId),
        lt(lives.endedAt, until),
        gt(lives.endedAt, since),
      ),
    );
  return rows.map((row) => row.id);
}

/** A live starting goes `live` (its first segments are on air). */
export async function markOnAir(db: DbOrTx, liveId: string): Promise<void> {
  await db
    .update(lives)
    .set({ status: 'live', onAirAt: sql`now()` })
    .where(and(eq(lives.id, liveId), eq(lives.status, 'starting')));
}

/** A live not over ends `interrupted` (its encoder was lost). */
export async function markInterrupted(db: DbOrTx, liveId: string): Promise<void> {
  await db
    .update(lives)
    .set({ status: 'ended', endReason: 'interrupted', endedAt: sql`now()` })
    .where(and(eq(lives.id, liveId), sql`${lives.status} <> 'ended'`));
}
