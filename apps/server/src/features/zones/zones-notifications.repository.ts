import { and, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { posts, zoneDeclines, zoneMembers, zones } from '../../db/schema.ts';

const mine = alias(zoneMembers, 'mine');
const applicant = alias(zoneMembers, 'applicant');

/**
 * What a push of a zone's request tells, read when it runs: the zone's title and the request's last
 * reminder, or null when the member no longer runs the zone or the request is no longer waiting.
 */
export async function requestTold(db: DbOrTx, zoneId: string, moderatorId: string, applicantId: string) {
  const [row] = await db
    .select({ title: zones.title, remindedAt: applicant.lastReminderAt })
    .from(zones)
    .innerJoin(
      mine,
      and(eq(mine.zoneId, zones.id), eq(mine.userId, moderatorId), inArray(mine.role, ['admin', 'manager'])),
    )
    .innerJoin(
      applicant,
      and(eq(applicant.zoneId, zones.id), eq(applicant.userId, applicantId), eq(applicant.role, 'waiting')),
    )
    .where(eq(zones.id, zoneId));
  return row ?? null;
}

/**
 * What a push of the answer to a member's request tells, read when it runs: the zone's title and
 * the answer (approved, or declined with its reason), or null when there is none any more (they
 * left, were removed, or asked again).
 */
export async function answerTold(db: DbOrTx, zoneId: string, userId: string) {
  const [row] = await db
    .select({ title: zones.title, approvedAt: zoneMembers.approvedAt, reason: zoneDeclines.reason })
    .from(zones)
    .leftJoin(zoneMembers, and(eq(zoneMembers.zoneId, zones.id), eq(zoneMembers.userId, userId)))
    .leftJoin(zoneDeclines, and(eq(zoneDeclines.zoneId, zones.id), eq(zoneDeclines.userId, userId)))
    .where(eq(zones.id, zoneId));
  if (row?.approvedAt) return { title: row.title, approved: true as const };
  if (row && row.reason !== null) return { title: row.title, approved: false as const, reason: row.reason };
  return null;
}

/**
 * What a push of a zone's post tells, read when it runs: the zone's title and the post's text, or
 * null when the member is no longer in the zone or the post is gone (or not ready, or not the
 * zone's). The post is read from posts' table (its schema allows zones to), not through its service:
 * posts asks zones who may read and post (zoneAllowing), so zones importing posts would be a loop.
 */
export async function postTold(db: DbOrTx, zoneId: string, postId: string, userId: string) {
  const [row] = await db
    .select({ title: zones.title, text: posts.text })
    .from(zones)
    .innerJoin(
      zoneMembers,
      and(eq(zoneMembers.zoneId, zones.id), eq(zoneMembers.userId, userId), ne(zoneMembers.role, 'waiting')),
    )
    .innerJoin(posts, and(eq(posts.id, postId), eq(posts.zoneId, zones.id), eq(posts.status, 'ready')))
    .where(eq(zones.id, zoneId));
  return row ?? null;
}
