import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ratings, users, visits } from '../../db/schema.ts';
import type { PopularityInput } from './popularity.ts';

/**
 * A member's deletion: the members they rated or visited, their rows locked in id order (a rating
 * or a first visit locks the rated member's row the same way before recomputing it, so neither
 * writes a popularity the other has made stale).
 */
export async function lockMembersRatedOrVisitedBy(db: DbOrTx, userId: string): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT ${users.id} AS id FROM ${users}
    WHERE ${users.id} IN (
      SELECT ${ratings.ratedId} FROM ${ratings} WHERE ${ratings.raterId} = ${userId}
      UNION SELECT ${visits.visitedId} FROM ${visits} WHERE ${visits.visitorId} = ${userId})
    AND ${users.id} <> ${userId}
    ORDER BY ${users.id}
    FOR NO KEY UPDATE`);
  return rows.map((row) => row.id);
}

/** Their ratings given and visits made go now, before their users row (the cascade would take them). */
export async function removeRatingsAndVisitsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`DELETE FROM ${ratings} WHERE ${ratings.raterId} = ${userId}`);
  await db.execute(sql`DELETE FROM ${visits} WHERE ${visits.visitorId} = ${userId}`);
}

/** What each member's popularity is computed from (ratings.service.ts's refreshPopularity, for many). */
export async function popularityInputsOf(
  db: DbOrTx,
  memberIds: readonly string[],
): Promise<Map<string, PopularityInput>> {
  const { rows } = await db.execute<{ id: string; ratings: number; score_sum: number; visitors: number }>(sql`
    WITH rated AS (
      SELECT ${ratings.ratedId} AS id, count(*)::int AS ratings, sum(${ratings.score})::int AS score_sum
      FROM ${ratings} WHERE ${ratings.ratedId} = ANY(${sql.param(memberIds)}::uuid[]) GROUP BY 1),
    visited AS (
      SELECT ${visits.visitedId} AS id, count(*)::int AS visitors
      FROM ${visits} WHERE ${visits.visitedId} = ANY(${sql.param(memberIds)}::uuid[]) GROUP BY 1)
    SELECT m.id, coalesce(rated.ratings, 0) AS ratings, coalesce(rated.score_sum, 0) AS score_sum,
      coalesce(visited.visitors, 0) AS visitors
    FROM unnest(${sql.param(memberIds)}::uuid[]) AS m(id)
    LEFT JOIN rated USING (id) LEFT JOIN visited USING (id)`);
  return new Map(
    rows.map((row) => [row.id, { ratings: row.ratings, scoreSum: row.score_sum, visitors: row.visitors }]),
  );
}
