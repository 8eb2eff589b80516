import { sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { comments, postRequests, posts, users } from '../../db/schema.ts';
import type { NotificationSource } from '../../notification-port.ts';
import { listedFor } from '../discovery/discovery.policy.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';
import { postReadableBy } from './posts.policy.ts';

// Named `parent` in the SQL below (an alias renders as its bare name inside sql``).
const parent = alias(comments, 'parent');

const NONE = sql`NULL::uuid`;
const NO_STATUS = sql`NULL::text`;

/**
 * The notifications posts give a member (the notification port's sources). `member` is their id, or
 * a column holding it (the counts of many members correlate on it): the policies only embed it in
 * SQL, where a column renders as itself. The one who did it is `users`, a member the member's lists
 * show (discovery's `listedFor`). A permission request waiting on one of the member's private posts.
 */
export function requestSources(member: string | AnyPgColumn): NotificationSource[] {
  const viewer = member as string;
  return [
    {
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
  ];
}

/**
 * A comment on one of the member's posts or a reply under one (found from the member's posts), and a
 * reply to the member's comment under someone else's post (found by post, then parent:
 * comments_post_idx).
 */
export function commentSources(member: string | AnyPgColumn): NotificationSource[] {
  const viewer = member as string;
  const comment = {
    at: comments.createdAt,
    ref: sql`${comments.id}::text`,
    byMember: true,
    postId: comments.postId,
    paymentId: NONE,
    paymentStatus: NO_STATUS,
  };
  return [
    {
      // As the comment's event tells the author: never a reply under a comment of a member blocked
      // with them (hidden from them).
      from: sql`FROM ${posts} JOIN ${comments} ON ${comments.postId} = ${posts.id}
        LEFT JOIN ${comments} AS parent ON ${parent.id} = ${comments.parentId}
        JOIN ${users} ON ${users.id} = ${comments.authorId}
        WHERE ${posts.authorId} = ${viewer} AND ${comments.authorId} <> ${viewer}
          AND (${parent.id} IS NULL OR ${parent.authorId} = ${viewer} OR ${notBlockedWith(viewer, parent.authorId)})
          AND ${listedFor(viewer)}`,
      ...comment,
    },
    {
      // Under a post the member may still read (their own posts' replies are the branch above).
      from: sql`FROM ${comments} AS parent JOIN ${comments} ON ${comments.postId} = ${parent.postId} AND ${comments.parentId} = ${parent.id}
        JOIN ${posts} ON ${posts.id} = ${comments.postId}
        JOIN ${users} ON ${users.id} = ${comments.authorId}
        WHERE ${parent.authorId} = ${viewer} AND ${comments.authorId} <> ${viewer}
          AND ${posts.authorId} <> ${viewer} AND ${postReadableBy(viewer)} AND ${listedFor(viewer)}`,
      ...comment,
    },
  ];
}
