import type { Counters } from '@motema/shared/chat';
import type { Db, DbOrTx } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { markNotificationsSeen, notificationsCounts } from '../discovery/notifications.service.ts';
import { emitToUser } from './chat-events.ts';
import { unreadTotalsOf } from './conversations/conversations.repository.ts';

/** The badges of these members, the same on every device, in two queries whatever their number. */
async function countersOfMany(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, Counters>> {
  const [unread, notifications] = await Promise.all([
    unreadTotalsOf(db, userIds),
    notificationsCounts(db, userIds),
  ]);
  return new Map(
    userIds.map((id) => {
      const totals = unread.get(id);
      return [
        id,
        {
          messages: totals?.messages ?? 0,
          conversations: totals?.conversations ?? 0,
          notifications: notifications.get(id) ?? 0,
        },
      ];
    }),
  );
}

/** The member's badges, the same on every device. */
export async function countersOf(db: DbOrTx, userId: string): Promise<Counters> {
  return (await countersOfMany(db, [userId])).get(userId)!;
}

/** Members whose badges are being counted (one count at a time per member), and those to recount. */
const running = new Map<string, Promise<void>>();
const dirty = new Set<string>();

/**
 * Counts the badges of these members (none of them being counted already) and sends them. A call for
 * one of them meanwhile asks for one more round, so the last badge a member gets always counts every
 * commit made before it (a burst never ends on a stale one).
 */
function countAndSend(db: DbOrTx, userIds: readonly string[]): Promise<void> {
  for (const id of userIds) dirty.delete(id);
  const run = (async () => {
    try {
      const counters = await countersOfMany(db, userIds);
      for (const [id, value] of counters) emitToUser(id, 'counters:update', value);
    } catch (error) {
      for (const id of userIds) dirty.delete(id);
      throw error;
    } finally {
      for (const id of userIds) running.delete(id);
    }
    // Commits made while counting: one more round for those members, which this promise includes.
    await Promise.all(userIds.filter((id) => dirty.has(id)).map((id) => pushCounters(db, id)));
  })();
  for (const id of userIds) running.set(id, run);
  return run;
}

/**
 * Sends the member's current badges to all their devices, after a commit that changed them. Pushes
 * for one member are coalesced: while one is being counted, later calls ask for one more round.
 */
export function pushCounters(db: DbOrTx, userId: string): Promise<void> {
  const current = running.get(userId);
  if (current) {
    dirty.add(userId);
    return current;
  }
  return countAndSend(db, [userId]);
}

/** How long a new message's badge waits for others, so bursts and busy moments send fewer (trailing). */
export const COUNTERS_DELAY_MS = 300;
const due = new Map<DbOrTx, Set<string>>();

/**
 * `pushCounters` a little later (COUNTERS_DELAY_MS) for every member scheduled meanwhile, counted
 * together in one pair of queries: a member receiving a burst of messages gets one badge, counted
 * after the last commit of the burst, and many members' badges cost two statements.
 */
export function scheduleCounters(db: DbOrTx, userId: string): void {
  const members = due.get(db);
  if (members) {
    members.add(userId);
    return;
  }
  due.set(db, new Set([userId]));
  setTimeout(() => {
    const ids = [...(due.get(db) ?? [])];
    due.delete(db);
    const idle = ids.filter((id) => {
      if (!running.has(id)) return true;
      dirty.add(id);
      return false;
    });
    if (idle.length > 0) countAndSend(db, idle).catch(() => undefined);
  }, COUNTERS_DELAY_MS).unref();
}

/** The member opened their notifications: the badge goes to zero on every device. */
export async function seeNotifications(db: Db, userId: string): Promise<Counters> {
  await markNotificationsSeen(db, userId, clock.now());
  const counters = await countersOf(db, userId);
  emitToUser(userId, 'counters:update', counters);
  return counters;
}
