import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mediaItems, type MediaItemRow } from '../../db/schema.ts';

export type NewMediaItem = typeof mediaItems.$inferInsert;

export async function insertMediaItem(db: DbOrTx, values: NewMediaItem): Promise<MediaItemRow> {
  const [row] = await db.insert(mediaItems).values(values).returning();
  return row!;
}

/** Items by id, as one array parameter (the statement's text is the same for any number of ids). */
export function findMediaItemsByIds(db: DbOrTx, ids: readonly string[]): Promise<MediaItemRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(mediaItems)
    .where(sql`${mediaItems.id} = ANY(${sql.param([...ids])}::uuid[])`);
}

/**
 * Items by id, locked until the transaction ends (a claim, against a concurrent claim and the media
 * worker's row update). Locked in id order, so that two claims of overlapping items cannot deadlock.
 */
export function lockMediaItems(tx: DbOrTx, ids: readonly string[]): Promise<MediaItemRow[]> {
  return tx
    .select()
    .from(mediaItems)
    .where(sql`${mediaItems.id} = ANY(${sql.param([...ids])}::uuid[])`)
    .orderBy(mediaItems.id)
    .for('update');
}

export async function markClaimed(tx: DbOrTx, ids: readonly string[], at: Date): Promise<Map<string, Date>> {
  const rows = await tx
    .update(mediaItems)
    .set({ claimedAt: at })
    .where(sql`${mediaItems.id} = ANY(${sql.param([...ids])}::uuid[])`)
    .returning({ id: mediaItems.id, claimedAt: mediaItems.claimedAt });
  return new Map(rows.map((row) => [row.id, row.claimedAt!]));
}

/** Deletes items by id and returns what was deleted (their folders are removed after). */
export function deleteMediaItems(tx: DbOrTx, ids: readonly string[]): Promise<MediaItemRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .delete(mediaItems)
    .where(sql`${mediaItems.id} = ANY(${sql.param([...ids])}::uuid[])`)
    .returning();
}

/** One of the member's own items. */
export async function findOwnMediaItem(
  db: DbOrTx,
  ownerId: string,
  itemId: string,
): Promise<MediaItemRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.id, itemId), eq(mediaItems.ownerId, ownerId)))
    .limit(1);
  return row;
}

/**
 * Deletes up to `limit` items never claimed and created before `olderThan` (the partial index
 * media_items_unclaimed_idx finds them), returning their folders. SKIP LOCKED: an item a claim is
 * holding is left to that claim, and two sweeps at once delete different items.
 */
export async function deleteStaleUnclaimed(
  db: DbOrTx,
  olderThan: Date,
  limit: number,
): Promise<{ id: string; folder: string }[]> {
  const stale = db
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(and(isNull(mediaItems.claimedAt), lt(mediaItems.createdAt, olderThan)))
    .orderBy(mediaItems.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .delete(mediaItems)
    .where(inArray(mediaItems.id, stale))
    .returning({ id: mediaItems.id, folder: mediaItems.folder });
}

/** Whether the item's row is still there (its files must then stay). */
export async function mediaItemExists(db: DbOrTx, itemId: string): Promise<boolean> {
  const rows = await db.select({ id: mediaItems.id }).from(mediaItems).where(eq(mediaItems.id, itemId));
  return rows.length > 0;
}

/** The member's items not yet claimed, created since `since` (the upload route's cap). */
export async function countUnclaimedOf(db: DbOrTx, ownerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mediaItems)
    .where(
      and(eq(mediaItems.ownerId, ownerId), isNull(mediaItems.claimedAt), gte(mediaItems.createdAt, since)),
    );
  return row?.count ?? 0;
}

/** The member's items still waiting for (or in) their transcode, uploaded since `since`. */
export async function countProcessingOf(db: DbOrTx, ownerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.ownerId, ownerId),
        eq(mediaItems.status, 'processing'),
        gte(mediaItems.createdAt, since),
      ),
    );
  return row?.count ?? 0;
}
