import { and, count, eq, or, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { matches, ratings, type MatchRow } from '../../db/schema.ts';

/**
 * Serialises the transactions about one pair of members (whoever acts), until the commit: two
 * members rating each other at the same moment each see the other's rating, so the match is made.
 */
export async function lockPair(db: DbOrTx, a: string, b: string): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`pair:${low}:${high}`}, 0))`);
}

/** The current rating of `raterId` for `ratedId`, created or changed now. */
export async function upsertRating(
  db: DbOrTx,
  raterId: string,
  ratedId: string,
  score: number,
  at: Date,
): Promise<void> {
  await db
    .insert(ratings)
    .values({ raterId, ratedId, score, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [ratings.raterId, ratings.ratedId],
      set: { score, updatedAt: at },
    });
}

export async function findScore(db: DbOrTx, raterId: string, ratedId: string): Promise<number | null> {
  const [row] = await db
    .select({ score: ratings.score })
    .from(ratings)
    .where(and(eq(ratings.raterId, raterId), eq(ratings.ratedId, ratedId)))
    .limit(1);
  return row?.score ?? null;
}

/** The ratings a member receives: how many and their sum (index `ratings_rated_idx`). */
export async function ratingStats(
  db: DbOrTx,
  ratedId: string,
): Promise<{ ratings: number; scoreSum: number }> {
  const [row] = await db
    .select({ ratings: count(), scoreSum: sum(ratings.score).mapWith(Number) })
    .from(ratings)
    .where(eq(ratings.ratedId, ratedId));
  return { ratings: row?.ratings ?? 0, scoreSum: row?.scoreSum ?? 0 };
}

/** The pair's match, or undefined. */
export async function findMatch(db: DbOrTx, a: string, b: string): Promise<MatchRow | undefined> {
  const [userA, userB] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.userA, userA), eq(matches.userB, userB)))
    .limit(1);
  return row;
}

/** Makes the pair's match; undefined when it already existed. */
export async function insertMatch(db: DbOrTx, a: string, b: string, at: Date): Promise<MatchRow | undefined> {
  const [userA, userB] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .insert(matches)
    .values({ userA, userB, createdAt: at })
    .onConflictDoNothing({ target: [matches.userA, matches.userB] })
    .returning();
  return row;
}

export async function deleteMatch(db: DbOrTx, a: string, b: string): Promise<void> {
  const [userA, userB] = a < b ? [a, b] : [b, a];
  await db.delete(matches).where(and(eq(matches.userA, userA), eq(matches.userB, userB)));
}

/** The other member of each of the member's matches (both sides of the pair are indexed). */
export async function findMatchedIds(db: DbOrTx, memberId: string): Promise<string[]> {
  const rows = await db
    .select({
      id: sql<string>`CASE WHEN ${matches.userA} = ${memberId} THEN ${matches.userB} ELSE ${matches.userA} END`,
    })
    .from(matches)
    .where(or(eq(matches.userA, memberId), eq(matches.userB, memberId)));
  return rows.map((row) => row.id);
}
