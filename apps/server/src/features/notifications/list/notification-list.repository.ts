import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationEntryKind } from '@motema/shared/notifications';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { notificationSources } from './notification-sources.ts';

// Named `seen` in the SQL below (an alias renders as its bare name inside sql``).
const seen = alias(users, 'seen');

/**
 * One notification as stored facts. `atMicros` keeps the database's microseconds (the next page
 * starts right below it); `read`: it came before the member last opened their notifications.
 */
export type NotificationRow = {
  kind: NotificationEntryKind;
  ref: string;
  /** Who did it (not for a payment): names and avatar photo, never the last name (Z2). */
  member: { id: string; username: string; firstName: string | null; avatarPhotoId: string | null } | null;
  postId: string | null;
  paymentId: string | null;
  paymentStatus: 'SUCCESS' | 'FAILED' | null;
  /** The zone it is about (the zones' kinds), with a request's answer. */
  zone: { id: string; title: string; answer: 'approved' | 'declined' | null } | null;
  atMicros: bigint;
  read: boolean;
};

/**
 * The member's notifications newest first (then by kind and id, a stable order), at most `limit`:
 * only those before `before` (an ISO time to the microsecond) when given, only the unread ones when
 * `unreadOnly`. One UNION ALL of the sources, each walking its own index from the member and cut to
 * `limit` itself; read or not against the member's `notificationsSeenAt`, as the counts compare.
 */
export async function findNotifications(
  db: DbOrTx,
  userId: string,
  options: { limit: number; before?: string; unreadOnly?: boolean },
): Promise<NotificationRow[]> {
  const { limit, before, unreadOnly = false } = options;
  const seenAt = sql`(SELECT ${seen.notificationsSeenAt} FROM ${users} AS seen WHERE ${eq(seen.id, userId)})`;
  const branches = notificationSources(userId).map((source) => {
    const older = before === undefined ? sql`` : sql` AND ${source.at} < ${before}::timestamptz`;
    const unread = unreadOnly ? sql` AND (${seenAt} IS NULL OR ${source.at} > ${seenAt})` : sql``;
    const member = source.byMember
      ? sql`${users.id} AS user_id, ${users.username} AS username, ${users.firstName} AS first_name, ${users.avatarPhotoId} AS avatar_photo_id`
      : sql`NULL::uuid AS user_id, NULL::text AS username, NULL::text AS first_name, NULL::uuid AS avatar_photo_id`;
    const zone = source.zone
      ? sql`${source.zone.id} AS zone_id, ${source.zone.title} AS zone_title, ${source.zone.answer} AS zone_answer`
      : sql`NULL::uuid AS zone_id, NULL::text AS zone_title, NULL::text AS zone_answer`;
    return sql`(SELECT ${source.kind}::text AS kind, ${source.ref} AS ref, ${member},
      ${source.postId} AS post_id, ${source.paymentId} AS payment_id, ${source.paymentStatus} AS payment_status,
      ${zone}, ${source.at} AS at
      ${source.from}${older}${unread}
      ORDER BY ${source.at} DESC LIMIT ${limit})`;
  });
  const result = await db.execute<{
    kind: NotificationEntryKind;
    ref: string;
    user_id: string | null;
    username: string | null;
    first_name: string | null;
    avatar_photo_id: string | null;
    post_id: string | null;
    payment_id: string | null;
    payment_status: 'SUCCESS' | 'FAILED' | null;
    zone_id: string | null;
    zone_title: string | null;
    zone_answer: 'approved' | 'declined' | null;
    at_micros: string;
    read: boolean;
  }>(sql`SELECT n.kind, n.ref, n.user_id, n.username, n.first_name, n.avatar_photo_id, n.post_id, n.payment_id, n.payment_status,
      n.zone_id, n.zone_title, n.zone_answer,
      (extract(epoch FROM n.at) * 1000000)::bigint::text AS at_micros,
      coalesce(n.at <= ${seenAt}, false) AS read
    FROM (${sql.join(branches, sql` UNION ALL `)}) n
    ORDER BY n.at DESC, n.kind, n.ref DESC LIMIT ${limit}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    ref: row.ref,
    member: row.user_id
      ? {
          id: row.user_id,
          username: row.username!,
          firstName: row.first_name,
          avatarPhotoId: row.avatar_photo_id,
        }
      : null,
    postId: row.post_id,
    paymentId: row.payment_id,
    paymentStatus: row.payment_status,
    zone: row.zone_id ? { id: row.zone_id, title: row.zone_title!, answer: row.zone_answer } : null,
    atMicros: BigInt(row.at_micros),
    read: row.read,
  }));
}
