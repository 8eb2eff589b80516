import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { queryRows } from '../../db/array-rows.ts';
import type { DbOrTx } from '../../db/client.ts';
import { photos, users, type PhotoRow, type PhotoVariant } from '../../db/schema.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';

/** A photo's columns in the order of `select()`'s text. */
const PHOTO_COLUMNS = getTableColumns(photos);

export type NewPhoto = {
  ownerId: string;
  width: number;
  height: number;
  placeholder: string;
  variants: PhotoVariant[];
};

/** Locks the member's row: uploads of one member are counted and inserted one at a time. */
export async function lockOwner(db: DbOrTx, ownerId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  return rows.length > 0;
}

export async function countPhotos(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(photos)
    .where(eq(photos.ownerId, ownerId));
  return row?.count ?? 0;
}

export async function insertPhoto(db: DbOrTx, values: NewPhoto): Promise<PhotoRow> {
  const [row] = await db.insert(photos).values(values).returning();
  return row!;
}

/** The member's photos, newest first. */
export function findPhotosOf(db: DbOrTx, ownerId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.ownerId, ownerId))
    .orderBy(desc(photos.createdAt), desc(photos.id));
}

/** One of the member's own photos, locked against a concurrent deletion until the transaction ends. */
export async function lockOwnPhoto(db: DbOrTx, ownerId: string, photoId: string): Promise<boolean> {
  const rows = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.ownerId, ownerId)))
    .for('share');
  return rows.length > 0;
}

/** Deletes one of the member's own photos (an avatar pointing at it becomes null by its foreign key). */
export async function deleteOwnPhoto(
  db: DbOrTx,
  ownerId: string,
  photoId: string,
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .delete(photos)
    .where(and(eq(photos.id, photoId), eq(photos.ownerId, ownerId)))
    .returning();
  return row;
}

/**
 * A photo the viewer may see: its owner is active and, for a member, no block stands between them
 * (QUALITY Z3). A visitor (no viewer) sees the photos of active members.
 */
export async function findViewablePhoto(
  db: DbOrTx,
  photoId: string,
  viewerId: string | undefined,
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select({ photo: photos })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.ownerId))
    .where(
      and(
        eq(photos.id, photoId),
        eq(users.status, 'active'),
        viewerId ? notBlockedWith(viewerId, photos.ownerId) : undefined,
      ),
    )
    .limit(1);
  return row?.photo;
}

/**
 * Photos by id (a list page's avatars): the ids as one array parameter, not one parameter each, so the
 * statement is the same text for any number of ids and costs no SQL building per id (QUALITY B1).
 */
export function photosByIdsQuery(db: DbOrTx, ids: readonly string[]) {
  return db
    .select()
    .from(photos)
    .where(sql`${photos.id} = ANY(${sql.param([...ids])}::uuid[])`);
}

/** photosByIdsQuery's text, the same for any ids: built by Drizzle for the first call. */
let photosByIdsSql: string | undefined;

/**
 * photosByIdsQuery's rows, read with each column's own decoder (db/array-rows.ts) rather than by
 * Drizzle's generic mapping: a page's 81 avatars of 7 columns cost it about 0.2 ms (QUALITY B1).
 */
export async function findPhotosByIds(db: DbOrTx, ids: readonly string[]): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  photosByIdsSql ??= photosByIdsQuery(db, ids).toSQL().sql;
  const rows = await queryRows<PhotoRow>(db, { sql: photosByIdsSql, params: [[...ids]] }, PHOTO_COLUMNS);
  return rows ?? (await photosByIdsQuery(db, ids));
}

/**
 * The newest photos of each owner, at most `perOwner` each (a swap deck's cards): one query for the
 * page. A member has at most PHOTOS_PER_MEMBER_MAX photos, so ranking all of theirs costs little.
 */
export async function findNewestPhotosOf(
  db: DbOrTx,
  ownerIds: readonly string[],
  perOwner: number,
): Promise<PhotoRow[]> {
  if (ownerIds.length === 0 || perOwner < 1) return [];
  const ranked = db
    .select({
      ...getTableColumns(photos),
      rank: sql<number>`row_number() OVER (PARTITION BY ${photos.ownerId} ORDER BY ${photos.createdAt} DESC, ${photos.id} DESC)`.as(
        'rank',
      ),
    })
    .from(photos)
    .where(sql`${photos.ownerId} = ANY(${sql.param([...ownerIds])}::uuid[])`)
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perOwner}`)
    .orderBy(ranked.ownerId, sql`${ranked.rank}`);
  return rows.map(({ rank: _rank, ...row }) => row);
}
