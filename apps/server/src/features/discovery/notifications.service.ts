import type { DbOrTx } from '../../db/client.ts';
import { setNotificationsSeenAt } from '../users/users.service.ts';
import * as repo from './notifications.repository.ts';

/**
 * The notifications badge: matches, likes and visits the member received since they last opened
 * their notifications (all of them before the first time), blocked and hidden members left out;
 * for many members at once, in one query (by member id).
 */
export async function notificationsCounts(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  return userIds.length === 0 ? new Map() : repo.countNewNotifications(db, userIds);
}

/** The member opened their notifications: the badge starts again from now. */
export async function markNotificationsSeen(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await setNotificationsSeenAt(db, userId, at);
}
