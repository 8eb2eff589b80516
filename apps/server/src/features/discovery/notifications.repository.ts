import { and, count, eq, gte, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { matches, ratings, users, visits } from '../../db/schema.ts';
import { visibleTo } from './discovery.policy.ts';

const seen = alias(users, 'seen');

/**
 * New matches, likes (ratings of 4 or more received) and visits received since each member's own
 * `notificationsSeenAt` (all of them when null), from members they may see (active, complete profile,
 * no block either way); `seen` is the member. The sum of three correlated counts.
 */
function notificationsOfSeen(db: DbOrTx) {
  // The member as a column: `visibleTo` and `otherOfMatch` only embed it in SQL.
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
        visibleTo(viewer),
      ),
    );
  const liked = db
    .select({ n: count() })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where(
      and(eq(ratings.ratedId, viewer), gte(ratings.score, 4), newer(ratings.updatedAt), visibleTo(viewer)),
    );
  const visited = db
    .select({ n: count() })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.visitorId))
    .where(and(eq(visits.visitedId, viewer), newer(visits.lastAt), visibleTo(viewer)));
  return sql<number>`((${matched}) + (${liked}) + (${visited}))::int`;
}

/** One prepared statement for the badges of many members at once (an array of ids). */
function prepareNotificationsCount(db: DbOrTx) {
  return db
    .select({ userId: seen.id, n: notificationsOfSeen(db) })
    .from(seen)
    .where(sql`${seen.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('notifications_counts_v1');
}
const notificationsCountQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareNotificationsCount>>();

/**
 * The notifications badges of these members (see `notificationsOfSeen`) in one prepared statement, planned once per connection: chat recounts
 * them for the badges it sends after new messages.
 */
export async function countNewNotifications(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  let query = notificationsCountQueries.get(db);
  if (!query) {
    query = prepareNotificationsCount(db);
    notificationsCountQueries.set(db, query);
  }
  const rows = await query.execute({ ids: [...userIds] });
  return new Map(rows.map((row) => [row.userId, row.n]));
}
