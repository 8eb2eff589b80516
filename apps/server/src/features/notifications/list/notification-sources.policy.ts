import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NotificationEntryKind } from '@motema/shared/notifications';
import {
  comments,
  matches,
  payments,
  postRequests,
  posts,
  ratings,
  users,
  visits,
} from '../../../db/schema.ts';
import { listedFor } from '../../discovery/discovery.policy.ts';
import { postReadableBy } from '../../posts/posts.policy.ts';
import { notBlockedWith } from '../../safety/safety.policy.ts';

// Named `parent` in the SQL below (an alias renders as its bare name inside sql``).
const parent = alias(comments, 'parent');

/**
 * Where one kind of notification comes from, as SQL over other features' tables (read, never
 * written): `from` is the FROM ... WHERE of its rows for the member, `at` when each happened, `ref`
 * what makes it unique (the entry's `_id` after its kind); `byMember`: the one who did it is `users`
 * of `from` (all but a payment).
 * The counts (notifications.repository.ts) and the list (list/notification-list.repository.ts) both read
 * these: the badge counts exactly what the list shows.
 */
export type NotificationSource = {
  kind: NotificationEntryKind;
  from: SQL;
  at: SQL | AnyPgColumn;
  ref: SQL;
  byMember: boolean;
  postId: SQL | AnyPgColumn;
  paymentId: SQL | AnyPgColumn;
  paymentStatus: SQL | AnyPgColumn;
};

const NONE = sql`NULL::uuid`;
const NO_STATUS = sql`NULL::text`;

/**
 * The sources of a member's notifications. `member` is their id, or a column holding it (the counts
 * of many members correlate on it). The one doing it is `users`, always one the member's lists show
 * (`listedFor`: active, complete profile, no block either way, not reported by the member); a
 * payment's member is the member. Each source walks an index from the member: matches by member,
 * ratings and visits by the rated or visited, requests and comments from the member's posts, replies
 * from the member's comments (by post, then parent), payments by member.
 */
export function notificationSources(member: string | AnyPgColumn): NotificationSource[] {
  // The policies take the member as a string and only embed it in SQL: a column renders as itself.
  const viewer = member as string;
  const otherOfMatch = sql`CASE WHEN ${matches.userA} = ${viewer} THEN ${matches.userB} ELSE ${matches.userA} END`;
  return [
    {
      kind: 'match',
      from: sql`FROM ${matches} JOIN ${users} ON ${users.id} = ${otherOfMatch}
        WHERE (${matches.userA} = ${viewer} OR ${matches.userB} = ${viewer}) AND ${listedFor(viewer)}`,
      at: matches.createdAt,
      ref: sql`${matches.id}::text`,
      byMember: true,
      postId: NONE,
      paymentId: NONE,
      paymentStatus: NO_STATUS,
    },
    {
      kind: 'like',
      from: sql`FROM ${ratings} JOIN ${users} ON ${users.id} = ${ratings.raterId}
        WHERE ${ratings.ratedId} = ${viewer} AND ${ratings.score} >= 4 AND ${listedFor(viewer)}`,
      at: ratings.updatedAt,
      ref: sql`${ratings.raterId}::text`,
      byMember: true,
      postId: NONE,
      paymentId: NONE,
      paymentStatus: NO_STATUS,
    },
    {
      kind: 'visit',
      from: sql`FROM ${visits} JOIN ${users} ON ${users.id} = ${visits.visitorId}
        WHERE ${visits.visitedId} = ${viewer} AND ${listedFor(viewer)}`,
      at: visits.lastAt,
      ref: sql`${visits.visitorId}::text`,
      byMember: true,
      postId: NONE,
      paymentId: NONE,
      paymentStatus: NO_STATUS,
    },
    {
      // A permission request waiting on one of the member's private posts.
      kind: 'request',
      from: sql`FROM ${posts} JOIN ${postRequests} ON ${postRequests.postId} = ${posts.id}
        JOIN ${users} ON ${users.id} = ${postRequests.requesterId}
        WHERE ${posts.authorId} = ${viewer} AND ${listedFor(viewer)}`,
      at: postRequests.createdAt,
      ref: sql`${postRequests.postId}::text || ':' || ${postRequests.requesterId}::text`,
      byMember: true,
      postId: postRequests.postId,
      paymentId: NONE,
      paymentStatus: NO_STATUS,
    },
    {
      // A comment on one of the member's posts, or a reply under one; as the comment's event tells
      // the author, never a reply under a comment of a member blocked with them (hidden from them).
      kind: 'comment',
      from: sql`FROM ${posts} JOIN ${comments} ON ${comments.postId} = ${posts.id}
        LEFT JOIN ${comments} AS parent ON ${parent.id} = ${comments.parentId}
        JOIN ${users} ON ${users.id} = ${comments.authorId}
        WHERE ${posts.authorId} = ${viewer} AND ${comments.authorId} <> ${viewer}
          AND (${parent.id} IS NULL OR ${parent.authorId} = ${viewer} OR ${notBlockedWith(viewer, parent.authorId)})
          AND ${listedFor(viewer)}`,
      at: comments.createdAt,
      ref: sql`${comments.id}::text`,
      byMember: true,
      postId: comments.postId,
      paymentId: NONE,
      paymentStatus: NO_STATUS,
    },
    {
      // A reply to the member's comment under someone else's post they may still read (their own
      // posts' replies are comments above). Found by post, then parent: comments_post_idx.
      kind: 'comment',
      from: sql`FROM ${comments} AS parent JOIN ${comments} ON ${comments.postId} = ${parent.postId} AND ${comments.parentId} = ${parent.id}
        JOIN ${posts} ON ${posts.id} = ${comments.postId}
        JOIN ${users} ON ${users.id} = ${comments.authorId}
        WHERE ${parent.authorId} = ${viewer} AND ${comments.authorId} <> ${viewer}
          AND ${posts.authorId} <> ${viewer} AND ${postReadableBy(viewer)} AND ${listedFor(viewer)}`,
      at: comments.createdAt,
      ref: sql`${comments.id}::text`,
      byMember: true,
      postId: comments.postId,
      paymentId: NONE,
      paymentStatus: NO_STATUS,
    },
    {
      // A payment of the member settled, or failed for good (a refund later takes it off the list).
      kind: 'payment',
      from: sql`FROM ${payments} WHERE ${payments.userId} = ${viewer} AND ${payments.status} IN ('SUCCESS', 'FAILED')`,
      at: sql`coalesce(${payments.settledAt}, ${payments.updatedAt})`,
      ref: sql`${payments.id}::text`,
      byMember: false,
      postId: NONE,
      paymentId: payments.id,
      paymentStatus: payments.status,
    },
  ];
}
