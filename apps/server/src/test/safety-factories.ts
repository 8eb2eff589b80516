import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blocks, matches, reports } from '../db/schema.ts';

/** A match row between two members, stored the way discovery stores it (smaller id first). */
export async function createMatch(db: Db, a: string, b: string) {
  const [userA, userB] = a < b ? [a, b] : [b, a];
  const [row] = await db.insert(matches).values({ userA, userB }).returning();
  return row!;
}

/** The match rows either member is part of. */
export function matchesOf(db: Db, userId: string) {
  return db
    .select()
    .from(matches)
    .where(or(eq(matches.userA, userId), eq(matches.userB, userId)));
}

/** Every block row, in a stable order (for "nothing changed" checks). */
export function allBlocks(db: Db) {
  return db.select().from(blocks).orderBy(asc(blocks.blockerId), asc(blocks.blockedId));
}

/** Every report row, in a stable order (for "nothing changed" checks). */
export function allReports(db: Db) {
  return db.select().from(reports).orderBy(asc(reports.createdAt), asc(reports.id));
}

/** The reports a member made. */
export function reportsBy(db: Db, reporterId: string) {
  return db.select().from(reports).where(eq(reports.reporterId, reporterId));
}
