import type { DbOrTx } from '../../db/client.ts';
import * as repo from './notifications.repository.ts';

/**
 * The notifications badge: matches, likes and visits the member received since they last opened
 * their notifications (all of them before the first time), blocked and hidden members left out.
 */
export async function notificationsCount(db: DbOrTx, userId: string): Promise<number> {
  return repo.countNotifications(db, userId, await repo.findNotificationsSeenAt(db, userId));
}

/** The member opened their notifications: the badge starts again from now. */
export async function markNotificationsSeen(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await repo.setNotificationsSeenAt(db, userId, at);
}
