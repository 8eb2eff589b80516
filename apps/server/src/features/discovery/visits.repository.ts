import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visits } from '../../db/schema.ts';

/** How many distinct members opened this member's profile (one visits row each). */
export async function visitorCount(db: DbOrTx, visitedId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(visits).where(eq(visits.visitedId, visitedId));
  return row?.n ?? 0;
}

/**
 * Records that `visitorId` opened `visitedId`'s profile: counted once per calendar day (UTC) of
 * `at`; nothing is written for a second opening the same day. `firstVisit` tells a new visitor.
 */
export async function recordVisit(
  db: DbOrTx,
  visitorId: string,
  visitedId: string,
  at: Date,
  dayStart: Date,
): Promise<{ firstVisit: boolean; counted: boolean }> {
  const rows = await db
    .insert(visits)
    .values({ visitorId, visitedId, days: 1, firstAt: at, lastAt: at })
    .onConflictDoUpdate({
      target: [visits.visitorId, visits.visitedId],
      set: { days: sql`${visits.days} + 1`, lastAt: at },
      setWhere: sql`${visits.lastAt} < ${dayStart.toISOString()}::timestamptz`,
    })
    .returning({ firstVisit: sql<boolean>`(xmax = 0)` });
  return { firstVisit: rows[0]?.firstVisit ?? false, counted: rows.length > 0 };
}
