import type { Counters } from '@motema/shared/chat';
import type { Db, DbOrTx } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { markNotificationsSeen, notificationsCount } from '../discovery/notifications.service.ts';
import { emitToUser } from './chat-events.ts';
import { unreadTotals } from './conversations.repository.ts';

/** The member's badges, the same on every device. */
export async function countersOf(db: DbOrTx, userId: string): Promise<Counters> {
  const [unread, notifications] = await Promise.all([
    unreadTotals(db, userId),
    notificationsCount(db, userId),
  ]);
  return { messages: unread.messages, conversations: unread.conversations, notifications };
}

const running = new Map<string, Promise<void>>();
const dirty = new Set<string>();

/**
 * Sends the member's current badges to all their devices, after a commit that changed them. Pushes
 * for one member are coalesced: while one is being counted, later calls ask for one more round, so
 * the last badge sent always counts every commit made before it (a burst never ends on a stale one).
 */
export function pushCounters(db: DbOrTx, userId: string): Promise<void> {
  const current = running.get(userId);
  if (current) {
    dirty.add(userId);
    return current;
  }
  const run = (async () => {
    do {
      dirty.delete(userId);
      emitToUser(userId, 'counters:update', await countersOf(db, userId));
    } while (dirty.has(userId));
  })().finally(() => {
    running.delete(userId);
    dirty.delete(userId);
  });
  running.set(userId, run);
  return run;
}

/** The member opened their notifications: the badge goes to zero on every device. */
export async function seeNotifications(db: Db, userId: string): Promise<Counters> {
  await markNotificationsSeen(db, userId, clock.now());
  const counters = await countersOf(db, userId);
  emitToUser(userId, 'counters:update', counters);
  return counters;
}
