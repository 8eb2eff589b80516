import { and, count, desc, eq, gte, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { MATCH_MIN_SCORE, type UserListFilter } from '@motema/shared/discovery';
import { queryRows } from '../../db/array-rows.ts';
import type { DbOrTx } from '../../db/client.ts';
import { matches, ratings, users, visits } from '../../db/schema.ts';
import type { Templates } from '../../db/statement-templates.ts';
import {
  discoverable,
  distanceKmFrom,
  memberPoint,
  metresFrom,
  pointAt,
  positionOf,
  listedForMany,
  shownConnected,
  shownLastActivity,
  wantedBy,
  withinKm,
  type Viewer,
} from './discovery.policy.ts';
import { templatedQuery, type PageInput } from './statement-templates.repository.ts';

/**
 * What a card is made of (the presenter turns it into JSON: age, never the birth date). A member in
 * discreet mode leaves no trace of when or where they are: never connected, no last activity (the
 * card says "earlier", as for a member who never came back), no distance (as for one who shares no
 * position), to everyone, in the database's answer already.
 */
export const cardColumns = (viewer: Viewer) => ({
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  dateOfBirth: users.dateOfBirth,
  sex: users.sex,
  avatarPhotoId: users.avatarPhotoId,
  verifiedAt: users.verifiedAt,
  connected: shownConnected,
  lastActivity: shownLastActivity,
  distanceKm: sql<number | null>`CASE WHEN ${users.discreet} THEN NULL ELSE ${distanceKmFrom(viewer)} END`,
});
export type CardRow = {
  id: string;
  username: string;
  firstName: string | null;
  dateOfBirth: string;
  sex: 'male' | 'female' | 'non_binary' | null;
  avatarPhotoId: string | null;
  /** When a moderator approved their selfie: the card's badge. */
  verifiedAt: Date | null;
  connected: boolean;
  lastActivity: Date | null;
  distanceKm: number | null;
};

export type ListSort = '-lastActivity' | '-createdAt' | '-popularity';
export type ListRequest = {
  filter: UserListFilter;
  sort: ListSort;
  /** Only members the viewer has not rated (the swap deck). */
  unrated: boolean;
};

const SORTS: Record<ListSort, SQL[]> = {
  '-lastActivity': [sql`${users.lastActivity} DESC NULLS LAST`, desc(users.id)],
  '-createdAt': [desc(users.createdAt), desc(users.id)],
  '-popularity': [desc(users.popularity), desc(users.id)],
};

/**
 * One list as a join, the conditions of its own and its order. Each is backed by an index: the
 * partial indexes on users for the member lists (`users_active_*_idx`), the GiST index for near,
 * (member, time) indexes of ratings, visits and matches for the others. Null: an empty list (near
 * without a position of the viewer's).
 */
function listSource(viewer: Viewer, request: ListRequest) {
  const { filter, sort } = request;
  switch (filter) {
    case 'users':
      return { where: undefined, orderBy: SORTS[sort] };
    case 'connected':
      return { where: eq(users.connected, true), orderBy: SORTS[sort] };
    case 'popular':
      return { where: undefined, orderBy: SORTS['-popularity'] };
    case 'last':
      return { where: undefined, orderBy: SORTS['-createdAt'] };
    case 'near': {
      // Counting only: the page of the near list is nearPageQuery's.
      const at = positionOf(viewer);
      if (!at) return null;
      return {
        where: and(isNotNull(users.latitude), withinKm(at, viewer.matchDistanceKm, { indexed: true })),
        orderBy: [],
      };
    }
    case 'i-rated':
      return {
        join: { table: ratings, on: and(eq(ratings.raterId, viewer.id), eq(ratings.ratedId, users.id))! },
        orderBy: [desc(ratings.updatedAt), desc(ratings.ratedId)],
      };
    case 'rated-me':
      return {
        // Only those who liked the viewer (4 or more): nobody learns who passed on them.
        join: {
          table: ratings,
          on: and(
            eq(ratings.ratedId, viewer.id),
            eq(ratings.raterId, users.id),
            gte(ratings.score, MATCH_MIN_SCORE),
          )!,
        },
        orderBy: [desc(ratings.updatedAt), desc(ratings.raterId)],
      };
    case 'i-visited':
      return {
        join: { table: visits, on: and(eq(visits.visitorId, viewer.id), eq(visits.visitedId, users.id))! },
        orderBy: [desc(visits.lastAt), desc(visits.visitedId)],
      };
    case 'visited-me':
      return {
        join: { table: visits, on: and(eq(visits.visitedId, viewer.id), eq(visits.visitorId, users.id))! },
        orderBy: [desc(visits.lastAt), desc(visits.visitorId)],
      };
    case 'rated-each':
      return {
        join: {
          table: matches,
          on: or(
            and(eq(matches.userA, viewer.id), eq(matches.userB, users.id)),
            and(eq(matches.userB, viewer.id), eq(matches.userA, users.id)),
          )!,
        },
        orderBy: [desc(matches.createdAt), desc(matches.id)],
      };
  }
}

/** The lists of members at large, as opposed to the lists of the viewer's ratings, visits and matches. */
const MEMBER_LISTS: ReadonlySet<UserListFilter> = new Set(['users', 'connected', 'popular', 'last', 'near']);

function conditions(viewer: Viewer, request: ListRequest, extra: SQL | undefined): SQL {
  return and(
    listedForMany(viewer.id),
    MEMBER_LISTS.has(request.filter) ? discoverable : undefined,
    // The lists to discover members follow the viewer's preferences (the near list has the distance
    // condition of its own, in the form its index needs); the viewer's own ratings, visits and
    // matches do not: a match or a visit made before the preferences changed is still theirs, as the
    // notifications say.
    MEMBER_LISTS.has(request.filter) ? wantedBy(viewer, { distance: request.filter !== 'near' }) : undefined,
    extra,
    request.unrated
      ? sql`NOT EXISTS (SELECT 1 FROM ${ratings} WHERE ${ratings.raterId} = ${viewer.id} AND ${ratings.ratedId} = ${users.id})`
      : undefined,
  )!;
}

/**
 * A page of the near list: nearest first, members of one cell (equally far) by id. The inner query
 * walks the GiST index `users_near_idx` nearest-first (cube's `<->`, the straight-line distance, is in
 * the same order as the great-circle one), with sex and birth date tested inside the index and, the
 * index covering them, no table access for the members it skips: the cost of a page grows slowly
 * with its depth. Only the page's members are then read, and those beyond the preferred distance
 * dropped: as they come last in this order, that is the same as leaving them out before paging.
 */
function nearPageQuery(
  db: DbOrTx,
  viewer: Viewer,
  request: ListRequest,
  page: { skip: number; limit: number },
) {
  const at = positionOf(viewer);
  if (!at) return null;
  const order = sql<number>`${memberPoint} <-> ${pointAt(at)}`;
  const nearest = db
    .select({ id: users.id, chord: order.as('chord') })
    .from(users)
    .where(and(isNotNull(users.latitude), conditions(viewer, request, undefined)))
    .orderBy(order, users.id)
    .limit(page.limit)
    .offset(page.skip)
    .as('nearest');
  return db
    .select(cardColumns(viewer))
    .from(nearest)
    .innerJoin(users, eq(users.id, nearest.id))
    .where(sql`${metresFrom(at)} <= ${viewer.matchDistanceKm * 1000}::float8`)
    .orderBy(nearest.chord, nearest.id);
}

/**
 * The query of one page of a list, in its order (null for an empty list); `listMembers` runs it. The
 * benchmark and the plan tests EXPLAIN this very query.
 */
export function listMembersQuery(
  db: DbOrTx,
  viewer: Viewer,
  request: ListRequest,
  page: { skip: number; limit: number },
) {
  if (request.filter === 'near') return nearPageQuery(db, viewer, request, page);
  const source = listSource(viewer, request);
  if (!source) return null;
  if ('join' in source && source.join) {
    return db
      .select(cardColumns(viewer))
      .from(users)
      .innerJoin(source.join.table, source.join.on)
      .where(conditions(viewer, request, undefined))
      .orderBy(...source.orderBy)
      .limit(page.limit)
      .offset(page.skip);
  }
  // The member lists: the page's ids first, then only those members' cards. The default list's ids come
  // from `users_listed_activity_idx` alone (sex, activity and id as keys, birth date and position
  // included): the members it skips cost no table access.
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(conditions(viewer, request, source.where))
    .orderBy(...source.orderBy)
    .limit(page.limit)
    .offset(page.skip)
    .as('page');
  return db
    .select(cardColumns(viewer))
    .from(ids)
    .innerJoin(users, eq(users.id, ids.id))
    .orderBy(...source.orderBy);
}

/** What names a list for its statement templates (statement-templates.repository.ts): all but viewer and page. */
const listKey = (request: ListRequest) => `${request.filter}|${request.sort}|${request.unrated}`;
const pageTemplates: Templates = new Map();
const countTemplates: Templates = new Map();

/**
 * One page of a list, in its order. The statement's text comes from its shape's template once learned
 * (statement-templates.repository.ts: Drizzle builds it for the first viewer of each shape only).
 */
export async function listMembers(
  db: DbOrTx,
  viewer: Viewer,
  request: ListRequest,
  page: { skip: number; limit: number },
): Promise<CardRow[]> {
  const build = (input: PageInput) => listMembersQuery(db, input.viewer, request, input)?.toSQL() ?? null;
  const statement = templatedQuery(pageTemplates, listKey(request), build, { viewer, ...page });
  if (!statement) return [];
  const rows = await queryRows<CardRow>(db, statement, cardColumns(viewer));
  if (rows) return rows;
  const query = listMembersQuery(db, viewer, request, page);
  return query ? ((await query) as CardRow[]) : [];
}

/**
 * How many members the list holds, counted up to `cap` (the caller passes the end of the page plus a
 * margin): an exact count would read every matching member of a large list, this reads at most `cap`.
 */
export function countMembersQuery(db: DbOrTx, viewer: Viewer, request: ListRequest, cap: number) {
  const source = listSource(viewer, request);
  if (!source) return null;
  const base = db.select({ one: sql`1` }).from(users);
  const joined = 'join' in source && source.join ? base.innerJoin(source.join.table, source.join.on) : base;
  const capped = joined
    .where(conditions(viewer, request, 'where' in source ? source.where : undefined))
    .limit(cap)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

export async function countMembers(
  db: DbOrTx,
  viewer: Viewer,
  request: ListRequest,
  cap: number,
): Promise<number> {
  // The cap is the template's `limit` (the count has no page of its own).
  const build = (input: PageInput) =>
    countMembersQuery(db, input.viewer, request, input.limit)?.toSQL() ?? null;
  const statement = templatedQuery(countTemplates, listKey(request), build, { viewer, skip: 0, limit: cap });
  if (!statement) return 0;
  const rows = await queryRows<{ n: number }>(db, statement, { n: count() });
  if (rows) return rows[0]?.n ?? 0;
  const query = countMembersQuery(db, viewer, request, cap);
  if (!query) return 0;
  const [row] = await query;
  return row?.n ?? 0;
}
