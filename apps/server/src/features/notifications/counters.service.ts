import type { MemberCounters } from '../../app-event-payloads.ts';
import type { AppEventPort } from '../../app-events.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { unreadTotals } from '../chat/conversations/unread.service.ts';
import { counterEntryRows, type CounterEntryRows } from './list/notification-list.service.ts';
import { markNotificationsSeen, unseenNotifications } from './notifications.service.ts';

/**
 * What a member's badges count (the event port's type, app-event-payloads.ts). `GET /api/counters`
 * adds the lists behind them (`countersWithEntriesOf`); the badges sent over the socket never count
 * those.
 */
export type { MemberCounters };

/** The counters of these members, in two queries whatever their number. */
export async function countersOfMany(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, MemberCounters>> {
  const [unread, notifications] = await Promise.all([
    unreadTotals(db, userIds),
    unseenNotifications(db, userIds),
  ]);
  return new Map(
    userIds.map((id) => [id, { unread: unread.get(id)!, notifications: notifications.get(id)! }]),
  );
}

/** The member's counters. */
export async function countersOf(db: DbOrTx, userId: string): Promise<MemberCounters> {
  return (await countersOfMany(db, [userId])).get(userId)!;
}

/**
 * The member's counters and the entries behind them (the newest unread notifications, the
 * conversations with unread messages), read together.
 */
export async function countersWithEntriesOf(
  db: DbOrTx,
  userId: string,
): Promise<{ counters: MemberCounters; entries: CounterEntryRows }> {
  const [counters, entries] = await Promise.all([countersOf(db, userId), counterEntryRows(db, userId)]);
  return { counters, entries };
}

/**
 * The member opened their notifications: their count goes back to zero, and after the commit
 * `notifications.seen` carries the new counters to every device of theirs.
 */
export async function seeNotifications(
  deps: { db: Db; events: AppEventPort },
  userId: string,
): Promise<MemberCounters> {
  await markNotificationsSeen(deps.db, userId, clock.now());
  const counters = await countersOf(deps.db, userId);
  await deps.events.emit('notifications.seen', { userId, counters });
  return counters;
}
