import { and, count, eq, gte, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { matches, ratings, users, visits } from '../../db/schema.ts';
import { listedFor } from '../discovery/discovery.policy.ts';

const seen = alias(users, 'seen');

/** What a member is notified of: a new match, a like (a rating of 4 or more received), a visit. */
export type NotificationKind = 'match' | 'like' | 'visit';
export type NotificationCounts = Record<NotificationKind, number>;

/**
 * New matches, likes and visits received since each member's own `notificationsSeenAt` (all of them
 * when null), from members their lists show (active, complete profile, no block either way, not
 * reported by them: the badge never counts what the lists leave out); `seen` is
 * the member. One correlated count per kind. Reads discovery's tables, which it never writes.
 */
function unseenOfSeen(db: DbOrTx) {
  // The member as a column: `listedFor` and `otherOfMatch` only embed it in SQL.
  const viewer = seen.id as unknown as string;
  const since = seen.notificationsSeenAt;
  const newer = (column: AnyPgColumn) => sql`(${since} IS NULL OR ${column} > ${since})`;
  const otherOfMatch = sql`CASE WHEN ${matches.userA} = ${viewer} THEN ${matches.userB} ELSE ${matches.userA} END`;
  const matched = db
    .select({ n: count() })
    .from(matches)
    .innerJoin(users, eq(users.id, otherOfMatch))
    .where(
      and(
        or(eq(matches.userA, viewer), eq(matches.userB, viewer)),
        newer(matches.createdAt),
        listedFor(viewer),
      ),
    );
  const liked = db
    .select({ n: count() })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where(
      and(eq(ratings.ratedId, viewer), gte(ratings.score, 4), newer(ratings.updatedAt), listedFor(viewer)),
    );
  const visited = db
    .select({ n: count() })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.visitorId))
    .where(and(eq(visits.visitedId, viewer), newer(visits.lastAt), listedFor(viewer)));
  return {
    match: sql<number>`(${matched})::int`,
    like: sql<number>`(${liked})::int`,
    visit: sql<number>`(${visited})::int`,
  };
}

/** One prepared statement for the counts of many members at once (an array of ids). */
function prepareUnseenCounts(db: DbOrTx) {
  return db
    .select({ userId: seen.id, ...unseenOfSeen(db) })
    .from(seen)
    .where(sql`${seen.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('notifications_unseen_counts_v2');
}
const unseenCountQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareUnseenCounts>>();

/**
 * The unseen notifications of these members by kind (see `unseenOfSeen`) in one prepared statement,
 * planned once per connection: the badges sent after new messages count many members together.
 */
export async function countUnseenNotifications(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, NotificationCounts>> {
  let query = unseenCountQueries.get(db);
  if (!query) {
    query = prepareUnseenCounts(db);
    unseenCountQueries.set(db, query);
  }
  const rows = await query.execute({ ids: [...userIds] });
  return new Map(rows.map(({ userId, ...counts }) => [userId, counts]));
}
