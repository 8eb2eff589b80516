import type { NotificationCounts } from '../../app-event-payloads.ts';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NOTIFICATION_ENTRY_KINDS, type NotificationEntryKind } from '@motema/shared/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notificationSources } from './list/notification-sources.ts';
import { perHandle } from '../../db/per-handle.ts';

const seen = alias(users, 'seen');

/**
 * What a member is notified of (the list's kinds): a new match, a like (a rating of 4 or more
 * received), a visit, a permission request on their post, a comment on their post or a reply to
 * theirs, a payment of theirs settled, a request to join a zone they run, the answer to theirs.
 */
export type { NotificationCounts };

/**
 * The notifications each member got since their own `notificationsSeenAt` (all of them when null),
 * by kind: one correlated count per source of list/notification-sources.ts, so the badge counts what
 * the list shows (blocked, reported, deactivated and incomplete members left out). `seen` is the
 * member. The sources are SQL their owners contribute (notification-port.ts): this file names none of
 * their tables.
 */
function unseenOfSeen() {
  const since = seen.notificationsSeenAt;
  const counts = new Map<NotificationEntryKind, ReturnType<typeof sql>[]>();
  for (const source of notificationSources(seen.id)) {
    const count = sql`(SELECT count(*) ${source.from} AND (${since} IS NULL OR ${source.at} > ${since}))`;
    counts.set(source.kind, [...(counts.get(source.kind) ?? []), count]);
  }
  return Object.fromEntries(
    NOTIFICATION_ENTRY_KINDS.map((kind) => [
      kind,
      // A kind without a source (none today) counts none.
      sql<number>`(${sql.join(counts.get(kind) ?? [sql`0`], sql` + `)})::int`,
    ]),
  ) as Record<NotificationEntryKind, ReturnType<typeof sql<number>>>;
}

/** One prepared statement for the counts of many members at once (an array of ids). */
function prepareUnseenCounts(db: DbOrTx) {
  return db
    .select({ userId: seen.id, ...unseenOfSeen() })
    .from(seen)
    .where(sql`${seen.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('notifications_unseen_counts_v4');
}
const unseenCountsQuery = perHandle(prepareUnseenCounts);

/**
 * The unseen notifications of these members by kind (see `unseenOfSeen`) in one prepared statement,
 * planned once per connection: a block or an account's removal counts several members together.
 */
export async function countUnseenNotifications(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, NotificationCounts>> {
  const rows = await unseenCountsQuery(db).execute({ ids: [...userIds] });
  return new Map(rows.map(({ userId, ...counts }) => [userId, counts]));
}
