import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { cardColumns, type CardRow } from './user-lists.repository.ts';
import { visibleTo, type Viewer } from './discovery.policy.ts';
import { perHandle } from '../../db/per-handle.ts';

/**
 * The viewer's preferences and position by primary key: every list request reads them first, so it is
 * one prepared statement (built and planned once per connection; a primary-key lookup's generic plan
 * is the custom one), QUALITY B1.
 */
function prepareViewerRow(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      matchSex: users.matchSex,
      matchAgeMin: users.matchAgeMin,
      matchAgeMax: users.matchAgeMax,
      matchDistance: users.matchDistance,
      matchVerifiedOnly: users.matchVerifiedOnly,
      latitude: users.latitude,
      longitude: users.longitude,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('discovery_viewer_v2');
}
const viewerRowQuery = perHandle(prepareViewerRow);

/** The viewer's preferences and position, as stored (the service turns ages into birth dates). */
export async function findViewerRow(db: DbOrTx, id: string) {
  const [row] = await viewerRowQuery(db).execute({ id });
  return row;
}

export type ProfileRow = CardRow & {
  about: string;
  relationship: string | null;
  orientation: string | null;
};

/**
 * A member the viewer may open (active, complete, no block either way, not the viewer), with the
 * distance from the viewer's position; undefined otherwise. A visitor has no id: `viewer` is null.
 */
export async function findVisibleProfile(
  db: DbOrTx,
  viewer: Viewer | null,
  memberId: string,
): Promise<ProfileRow | undefined> {
  const asSeenBy: Viewer = viewer ?? {
    id: '00000000-0000-0000-0000-000000000000',
    matchSex: [],
    bornOnOrBefore: '',
    bornAfter: '',
    matchDistanceKm: 0,
    latitude: null,
    longitude: null,
    verifiedOnly: false,
  };
  const [row] = await db
    .select({
      ...cardColumns(asSeenBy),
      about: users.about,
      relationship: users.relationship,
      orientation: users.orientation,
    })
    .from(users)
    .where(and(eq(users.id, memberId), visibleTo(asSeenBy.id)))
    .limit(1);
  return row as ProfileRow | undefined;
}

/** The card of a member as `viewer` sees it (the match event), or undefined if no longer visible. */
export async function findCard(db: DbOrTx, viewer: Viewer, memberId: string): Promise<CardRow | undefined> {
  const [row] = await db
    .select(cardColumns(viewer))
    .from(users)
    .where(and(eq(users.id, memberId), visibleTo(viewer.id)))
    .limit(1);
  return row as CardRow | undefined;
}

/**
 * Locks a member the viewer may rate (FOR NO KEY UPDATE of the row: the ratings and first visits
 * of one member are applied one after the other, so popularity is computed from every committed
 * rating; the foreign keys of other members' ratings, which take KEY SHARE, are not held up);
 * false when the member is not visible to the viewer.
 */
export async function lockVisibleMember(db: DbOrTx, viewerId: string, memberId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, memberId), visibleTo(viewerId)))
    .for('no key update', { of: users });
  return rows.length > 0;
}

/** Locks a member's row for a popularity update, as lockVisibleMember does. */
export async function lockMember(db: DbOrTx, memberId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, memberId))
    .for('no key update');
  return rows.length > 0;
}

/** When the member's position was last stored, if ever. */
export async function positionStoredAt(db: DbOrTx, memberId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.locationUpdatedAt }).from(users).where(eq(users.id, memberId));
  return row?.at ?? null;
}

/** The about texts of the members given (a swap deck's page, already found visible), by id. */
export async function findAbouts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, about: users.about })
    .from(users)
    .where(sql`${users.id} = ANY(${sql.param([...ids])}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row.about]));
}
