import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { matches, ratings, users, visits } from '../../db/schema.ts';
import type { NotificationSource } from '../../notification-port.ts';
import { listedFor } from './discovery.policy.ts';

const NONE = sql`NULL::uuid`;
const NO_STATUS = sql`NULL::text`;
const byMember = { byMember: true, postId: NONE, paymentId: NONE, paymentStatus: NO_STATUS } as const;

/**
 * The notifications discovery gives a member (the notification port's sources), each walking an
 * index from the member: matches by member, ratings and visits by the rated or visited. The one who
 * did it is `users`, a member the member's lists show (`listedFor`). `member` is their id, or a
 * column holding it (the counts of many members correlate on it): `listedFor` only embeds it in SQL,
 * where a column renders as itself.
 */
export function matchSources(member: string | AnyPgColumn): NotificationSource[] {
  const viewer = member as string;
  const otherOfMatch = sql`CASE WHEN ${matches.userA} = ${viewer} THEN ${matches.userB} ELSE ${matches.userA} END`;
  return [
    {
      from: sql`FROM ${matches} JOIN ${users} ON ${users.id} = ${otherOfMatch}
        WHERE (${matches.userA} = ${viewer} OR ${matches.userB} = ${viewer}) AND ${listedFor(viewer)}`,
      at: matches.createdAt,
      ref: sql`${matches.id}::text`,
      ...byMember,
    },
  ];
}

/** A rating of 4 or more received (MATCH_MIN_SCORE): a like. */
export function likeSources(member: string | AnyPgColumn): NotificationSource[] {
  const viewer = member as string;
  return [
    {
      from: sql`FROM ${ratings} JOIN ${users} ON ${users.id} = ${ratings.raterId}
        WHERE ${ratings.ratedId} = ${viewer} AND ${ratings.score} >= 4 AND ${listedFor(viewer)}`,
      at: ratings.updatedAt,
      ref: sql`${ratings.raterId}::text`,
      ...byMember,
    },
  ];
}

/** A visit of the member's profile (the last one of each visitor). */
export function visitSources(member: string | AnyPgColumn): NotificationSource[] {
  const viewer = member as string;
  return [
    {
      from: sql`FROM ${visits} JOIN ${users} ON ${users.id} = ${visits.visitorId}
        WHERE ${visits.visitedId} = ${viewer} AND ${listedFor(viewer)}`,
      at: visits.lastAt,
      ref: sql`${visits.visitorId}::text`,
      ...byMember,
    },
  ];
}
