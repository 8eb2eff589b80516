import { sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { posts, users, zoneDeclines, zoneMembers, zones } from '../../db/schema.ts';
import type { NotificationSource } from '../../notification-port.ts';
import { listedFor } from '../discovery/discovery.policy.ts';

// Named `mine` in the SQL below (an alias renders as its bare name inside sql``): the member's own place.
const mine = alias(zoneMembers, 'mine');

const NONE = sql`NULL::uuid`;
const NO_STATUS = sql`NULL::text`;

/**
 * The notifications zones give a member (the notification port's sources). `member` is their id, or
 * a column holding it (the counts of many members correlate on it): the policies only embed it in
 * SQL, where a column renders as itself. Each re-reads the member's place now: a zone they left or
 * were removed from tells them nothing more.
 *
 * A request waiting in a zone the member is an admin or a manager of (found from their memberships,
 * zone_members_user_idx, then the zone's waiting, zone_members_role_idx), by a member their lists
 * show (discovery's `listedFor`: none across a block). A reminder brings it back as new: its time is
 * the later of the request and its last reminder.
 */
export function zoneRequestSources(member: string | AnyPgColumn): NotificationSource[] {
  const viewer = member as string;
  return [
    {
      from: sql`FROM ${zoneMembers} AS mine
        JOIN ${zoneMembers} ON ${zoneMembers.zoneId} = ${mine.zoneId} AND ${zoneMembers.role} = 'waiting'
        JOIN ${zones} ON ${zones.id} = ${zoneMembers.zoneId}
        JOIN ${users} ON ${users.id} = ${zoneMembers.userId}
        WHERE ${mine.userId} = ${viewer} AND ${mine.role} IN ('admin', 'manager') AND ${listedFor(viewer)}`,
      at: sql`greatest(${zoneMembers.since}, ${zoneMembers.lastReminderAt})`,
      ref: sql`${zoneMembers.zoneId}::text || ':' || ${zoneMembers.userId}::text`,
      byMember: true,
      postId: NONE,
      paymentId: NONE,
      paymentStatus: NO_STATUS,
      zone: { id: zones.id, title: zones.title, answer: NO_STATUS },
    },
  ];
}

/**
 * The answer to the member's request to join a zone: approved while they are still in it (gone once
 * they leave or are removed), or declined (gone once they ask again or join). About the zone, not a
 * member: its admins and managers answer as the zone.
 */
export function zoneAnswerSources(member: string | AnyPgColumn): NotificationSource[] {
  const answer = { byMember: false, postId: NONE, paymentId: NONE, paymentStatus: NO_STATUS };
  return [
    {
      from: sql`FROM ${zoneMembers} JOIN ${zones} ON ${zones.id} = ${zoneMembers.zoneId}
        WHERE ${zoneMembers.userId} = ${member} AND ${zoneMembers.approvedAt} IS NOT NULL`,
      at: zoneMembers.approvedAt,
      ref: sql`${zoneMembers.zoneId}::text`,
      ...answer,
      zone: { id: zones.id, title: zones.title, answer: sql`'approved'::text` },
    },
    {
      from: sql`FROM ${zoneDeclines} JOIN ${zones} ON ${zones.id} = ${zoneDeclines.zoneId}
        WHERE ${zoneDeclines.userId} = ${member}`,
      at: zoneDeclines.declinedAt,
      ref: sql`${zoneDeclines.zoneId}::text`,
      ...answer,
      zone: { id: zones.id, title: zones.title, answer: sql`'declined'::text` },
    },
  ];
}

/**
 * A post in a zone the member is in (admin, manager or member), published since they joined, not
 * their own, by a member their lists show: from their memberships (zone_members_user_idx) down each
 * zone's posts (posts_zone_idx, newest first). Leaving the zone takes its posts out of the list.
 */
export function zonePostSources(member: string | AnyPgColumn): NotificationSource[] {
  const viewer = member as string;
  return [
    {
      from: sql`FROM ${zoneMembers} AS mine
        JOIN ${posts} ON ${posts.zoneId} = ${mine.zoneId} AND ${posts.createdAt} > ${mine.since}
        JOIN ${zones} ON ${zones.id} = ${mine.zoneId}
        JOIN ${users} ON ${users.id} = ${posts.authorId}
        WHERE ${mine.userId} = ${viewer} AND ${mine.role} <> 'waiting' AND ${posts.authorId} <> ${viewer}
          AND ${posts.status} = 'ready' AND ${listedFor(viewer)}`,
      at: posts.createdAt,
      ref: sql`${posts.zoneId}::text || ':' || ${posts.id}::text`,
      byMember: true,
      postId: posts.id,
      paymentId: NONE,
      paymentStatus: NO_STATUS,
      zone: { id: zones.id, title: zones.title, answer: NO_STATUS },
    },
  ];
}
