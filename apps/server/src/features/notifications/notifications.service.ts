import { NOTIFICATION_ENTRY_KINDS } from '@motema/shared/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { setNotificationsSeenAt } from '../users/users.service.ts';
import * as repo from './notifications.repository.ts';
import type { NotificationCounts } from './notifications.repository.ts';

const NONE = Object.fromEntries(NOTIFICATION_ENTRY_KINDS.map((kind) => [kind, 0])) as NotificationCounts;

/**
 * What each member was notified of since they last opened their notifications (all of it before the
 * first time), by kind (matches, likes, visits, requests, comments, payments), blocked and hidden
 * members left out. For many members at once, in one query (by member id); a member with nothing new
 * counts zeros.
 */
export async function unseenNotifications(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, NotificationCounts>> {
  const counts = userIds.length === 0 ? new Map() : await repo.countUnseenNotifications(db, userIds);
  return new Map(userIds.map((id) => [id, counts.get(id) ?? NONE]));
}

/** The member opened their notifications: what they are notified of starts again from `at`. */
export async function markNotificationsSeen(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await setNotificationsSeenAt(db, userId, at);
}
