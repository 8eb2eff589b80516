import { and, asc, desc, eq, getTableColumns, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { ZONE_LIST_COUNT_MAX, type ZONE_SORTS } from '@motema/shared/zones';
import { queryRows, type Built } from '../../db/array-rows.ts';
import type { DbOrTx } from '../../db/client.ts';
import { templatedStatement, type Templates } from '../../db/statement-templates.ts';
import { postMedia, posts, users, zoneMembers, zones } from '../../db/schema.ts';
import { metresBetween, pointAt, type Position } from '../discovery/discovery.policy.ts';
import { zoneListInputs, type ZoneListInput } from './zone-list-templates.repository.ts';
import { perHandle } from '../../db/per-handle.ts';

export type ZoneRow = typeof zones.$inferSelect;
export type ZoneInsert = Omit<typeof zones.$inferInsert, 'id' | 'members'>;
export type ZonePage = { skip: number; limit: number; sort: (typeof ZONE_SORTS)[number] };

const ORDER: Record<ZonePage['sort'], SQL[]> = {
  '-members': [desc(zones.members), asc(zones.id)],
  '+title': [asc(zones.title), asc(zones.id)],
  '-createdAt': [desc(zones.createdAt), asc(zones.id)],
};

/** The new zone, or null when its name (whatever its case) is taken. */
/** A new zone counting one member, its creator (null when its name is taken). */
export async function insertZone(tx: DbOrTx, zone: ZoneInsert): Promise<ZoneRow | null> {
  const [row] = await tx
    .insert(zones)
    .values({ ...zone, members: 1 })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function nameTaken(tx: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: zones.id })
    .from(zones)
    .where(and(sql`lower(${zones.name}) = lower(${name})`, exceptId ? ne(zones.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function findZone(db: DbOrTx, id: string, lock = false): Promise<ZoneRow | null> {
  const query = db.select().from(zones).where(eq(zones.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateZone(tx: DbOrTx, id: string, patch: Partial<ZoneInsert>): Promise<ZoneRow> {
  const [row] = await tx.update(zones).set(patch).where(eq(zones.id, id)).returning();
  return row!;
}

/**
 * The media items of the zone's posts (a read the posts feature allows, decision 0037): their rows
 * go with the zone by cascade, their items and files must be removed by name.
 */
export async function findPostMediaIds(tx: DbOrTx, zoneId: string): Promise<string[]> {
  const rows = await tx
    .select({ itemId: postMedia.itemId })
    .from(postMedia)
    .innerJoin(posts, eq(posts.id, postMedia.postId))
    .where(eq(posts.zoneId, zoneId));
  return rows.map((row) => row.itemId);
}

/** Deletes the zone: its memberships, requests, bans, links, posts and their comments by cascade. */
export async function deleteZone(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(zones).where(eq(zones.id, id));
}

export async function adjustMembers(tx: DbOrTx, id: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx
    .update(zones)
    .set({ members: sql`${zones.members} + ${delta}` })
    .where(eq(zones.id, id));
}

function prepareMemberFacts(db: DbOrTx) {
  return db
    .select({
      language: users.language,
      latitude: users.latitude,
      longitude: users.longitude,
      distanceKm: users.matchDistance,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('zones_member_facts_v1');
}
const memberFactsQuery = perHandle(prepareMemberFacts);

/**
 * What zones use of a member: their language (a zone's, the suggestions'), their position (snapped,
 * QUALITY Z4; null when not shared) and their preferred distance in km. A prepared statement, built
 * once per handle (a primary-key lookup: its generic plan is its custom one): built by Drizzle for
 * every request of suggestions, it was 6 % of the server's busy time (QUALITY B10).
 */
export async function memberFactsOf(db: DbOrTx, userId: string) {
  const [row] = await memberFactsQuery(db).execute({ id: userId });
  return {
    language: row?.language ?? 'en',
    at:
      row?.latitude != null && row.longitude != null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    distanceKm: row?.distanceKm ?? 0,
  };
}

/** Whether this id is a member's (not an unconfirmed registration). */
export async function memberExists(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.status, 'pending')));
  return rows.length > 0;
}

export type ZoneWithRole = { zone: ZoneRow; role: (typeof zoneMembers.$inferSelect)['role'] | null };

/** A page's columns: the zone's, then the viewer's role in it (null when not in it). */
const PAGE_FIELDS = { ...getTableColumns(zones), role: zoneMembers.role };
const COUNT_FIELDS = { count: sql<number>`count(*)::int` };
type PageRow = ZoneRow & { role: ZoneWithRole['role'] };

function pageQuery(db: DbOrTx, viewerId: string, where: SQL | undefined, query: ZonePage) {
  const membership = and(eq(zoneMembers.zoneId, zones.id), eq(zoneMembers.userId, viewerId));
  return db
    .select(PAGE_FIELDS)
    .from(zones)
    .leftJoin(zoneMembers, membership)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .offset(query.skip)
    .limit(query.limit);
}

function countQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(COUNT_FIELDS)
    .from(db.select({ id: zones.id }).from(zones).where(where).limit(ZONE_LIST_COUNT_MAX).as('counted'));
}

const withRole = (rows: PageRow[]): ZoneWithRole[] => rows.map(({ role, ...zone }) => ({ zone, role }));

/** A page of zones and their number (up to ZONE_LIST_COUNT_MAX), both built by Drizzle. */
async function page(db: DbOrTx, viewerId: string, where: SQL | undefined, query: ZonePage) {
  const [rows, [total]] = await Promise.all([pageQuery(db, viewerId, where, query), countQuery(db, where)]);
  return { rows: withRole(rows), count: total?.count ?? 0 };
}

const mineSql = (viewerId: string) =>
  sql`${zones.id} IN (SELECT ${zoneMembers.zoneId} FROM ${zoneMembers} WHERE ${zoneMembers.userId} = ${viewerId})`;

/** What each templated list keeps of its zones. */
const LISTS = {
  mine: ({ viewerId }: ZoneListInput) => mineSql(viewerId),
  suggested: ({ viewerId, language }: ZoneListInput) =>
    and(eq(zones.language, language as ZoneRow['language']), sql`NOT (${mineSql(viewerId)})`),
  suggestedElsewhere: ({ viewerId, language }: ZoneListInput) =>
    and(ne(zones.language, language as ZoneRow['language']), sql`NOT (${mineSql(viewerId)})`),
  search: ({ pattern }: ZoneListInput) =>
    sql`(lower(${zones.title}) LIKE ${pattern} OR lower(${zones.name}) LIKE ${pattern})`,
};
export type ZoneListName = keyof typeof LISTS;

/** Drizzle's build of a templated list's page or count, for an input (also its probes'). */
export const zoneListBuilder =
  (db: DbOrTx, list: ZoneListName, key: 'page' | 'count') =>
  (input: ZoneListInput): Built =>
    key === 'page'
      ? pageQuery(db, input.viewerId, LISTS[list](input), input.query).toSQL()
      : countQuery(db, LISTS[list](input)).toSQL();

/** The lists' statement templates by shape (zone-list-templates.repository.ts). */
const listTemplates: Templates = new Map();

/**
 * A page of one of LISTS and its count, their texts from the shape's templates once learned (Drizzle
 * builds them for the first viewer of each shape only), read with each column's own decoder
 * (db/array-rows.ts). In a transaction (no pool of its own to send to), Drizzle's queries.
 */
async function listedPage(db: DbOrTx, list: ZoneListName, input: ZoneListInput) {
  const statement = (key: 'page' | 'count') =>
    templatedStatement(
      zoneListInputs,
      listTemplates,
      `${list}|${key}`,
      zoneListBuilder(db, list, key),
      input,
    );
  const pageSql = statement('page');
  const countSql = statement('count');
  const [rows, counted] = await Promise.all([
    pageSql && queryRows<PageRow>(db, pageSql, PAGE_FIELDS),
    countSql && queryRows<{ count: number }>(db, countSql, COUNT_FIELDS),
  ]);
  if (!rows || !counted) return page(db, input.viewerId, LISTS[list](input), input.query);
  return { rows: withRole(rows), count: counted[0]?.count ?? 0 };
}

/** The zones the viewer is in, or waits to enter. */
export function listMine(db: DbOrTx, viewerId: string, query: ZonePage) {
  return listedPage(db, 'mine', { viewerId, query });
}

/** Popular zones in the viewer's language that they are not in (suggestions_idx). */
export function listSuggested(db: DbOrTx, viewerId: string, language: string, query: ZonePage) {
  return listedPage(db, 'suggested', { viewerId, query, language });
}

/** Popular zones in the other languages that the viewer is not in (popular_idx). */
export function listSuggestedElsewhere(db: DbOrTx, viewerId: string, language: string, query: ZonePage) {
  return listedPage(db, 'suggestedElsewhere', { viewerId, query, language });
}

/**
 * Zones placed within `km` of `at` that the viewer is not in: earthdistance's box prunes through
 * `zones_place_idx`, then discovery's plain-float great-circle distance decides (earthdistance's own
 * builds two cubes a row: 26.5 ms against 2.1 ms for the thousand zones near a member among 100,000);
 * the page's order after.
 */
export function listNear(db: DbOrTx, viewerId: string, at: Position, km: number, query: ZonePage) {
  const metres = km * 1000;
  return page(
    db,
    viewerId,
    and(
      isNotNull(zones.latitude),
      isNotNull(zones.longitude),
      sql`earth_box(${pointAt(at)}, ${metres}::float8) @> ll_to_earth(${zones.latitude}, ${zones.longitude})`,
      sql`${metresBetween(at, zones.latitude, zones.longitude)} <= ${metres}::float8`,
      sql`NOT (${mineSql(viewerId)})`,
    ),
    query,
  );
}

/** Zones whose title or name holds `text`, whatever its case (trigram indexes). */
export function search(db: DbOrTx, viewerId: string, text: string, query: ZonePage) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return listedPage(db, 'search', { viewerId, query, pattern });
}
