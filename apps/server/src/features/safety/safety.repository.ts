import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blocks, reports, users } from '../../db/schema.ts';

/** A member as the safety rules need them: whether they exist and their status. */
export async function findMemberStatus(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, id));
  return row;
}

/** Stores the block; an existing one is kept as it was (its date too). */
export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string, at: Date) {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Whether either member blocked the other. */
export async function blockExistsBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return !!row;
}

/** The members `blockerId` blocked, newest block first (a short per-member list, sorted after the primary key lookup). */
export function listBlocked(db: DbOrTx, blockerId: string, page: { skip: number; limit: number }) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .offset(page.skip)
    .limit(page.limit);
}
export type BlockedRow = Awaited<ReturnType<typeof listBlocked>>[number];

export async function countBlocked(db: DbOrTx, blockerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, blockerId));
  return row?.n ?? 0;
}

type NewReport = Pick<
  typeof reports.$inferInsert,
  | 'reporterId'
  | 'reportedId'
  | 'postId'
  | 'commentId'
  | 'zoneId'
  | 'photoId'
  | 'storyId'
  | 'messageId'
  | 'reason'
  | 'subReason'
  | 'text'
>;

/**
 * Stores an open report; undefined when the reporter already has an open report of this target (the
 * partial unique indexes `reports_open_member_key`, `_post_key`, `_comment_key`, `_photo_key`, `_story_key`,
 * `_message_key` and `_zone_key` decide, so two
 * requests at once store one).
 */
export async function insertOpenReport(db: DbOrTx, report: NewReport, at: Date) {
  const [row] = await db
    .insert(reports)
    .values({ ...report, status: 'open', createdAt: at })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return row;
}

/** Closes reports (their case was decided): their reporters may report the subject again. */
export async function closeReports(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(reports)
    .set({ status: 'closed' })
    .where(inArray(reports.id, [...ids]));
}
