import type { CountersUpdate } from '@motema/shared/counters';
import type { AppDeps } from '../../deps.ts';
import type { Realtime } from '../../realtime/server.ts';
import { unreadTotals } from '../chat/conversations/unread.service.ts';
import { countersOfMany } from './counters.service.ts';
import { createCountersSender } from './counters-sender.ts';
import { presentCounters, presentNotificationsBadge, presentUnread } from './notifications.presenter.ts';
import { unseenNotifications } from './notifications.service.ts';

/**
 * The socket side of notifications, subscribed by its module (notifications.module.ts): `counters:update` to every device of a
 * member (the room `user:{id}`, which the Redis adapter carries across nodes) whenever their badges
 * change, with only the badges that changed (the app merges them into those it holds).
 *
 * Chat tells when unread messages change (`unread.changed`: a message, a read, a hide...): that can
 * move the unread badges and nothing else, so only they are counted and sent. Recounting the unseen
 * matches, likes and visits too cost more PostgreSQL time than the unread totals and came back after
 * nearly every message received (bench/README.md B3). A new message's badge waits a moment for the
 * rest of a burst, and a member's come at most one a COUNTERS_GAP_MS (counters-sender.ts). What the notification list tells (a match, a like, a visit, a
 * request, a comment, a payment settled, a request to join a zone or its answer) sends the bell's count alone, when its toast comes, not at
 * the app's next refetch. Opening the notifications sends every badge; so do a block,
 * which takes the other member's matches, likes and visits out of the count, and an account's
 * deletion, to the members it chatted with.
 */
export function subscribeNotificationsEvents(
  { db, events }: Pick<AppDeps, 'db' | 'events'>,
  realtime: Pick<Realtime, 'io' | 'log'>,
): void {
  const { io, log } = realtime;
  const tell = (userId: string, update: CountersUpdate) => {
    io.to(`user:${userId}`).emit('counters:update', update);
  };
  const sender = createCountersSender({
    count: (userIds) => unreadTotals(db, userIds),
    deliver: (userId, unread) => tell(userId, presentUnread(unread)),
    report: (err) => log.error({ err }, 'sending scheduled counters failed'),
  });
  io.httpServer?.once('close', () => sender.stop());

  events.on('unread.changed', ({ userIds, newMessage }) =>
    newMessage ? sender.schedule(userIds) : sender.update(userIds),
  );
  events.on('notifications.seen', ({ userId, counters }) => tell(userId, presentCounters(counters)));
  subscribeBellEvents({ db, events }, realtime, tell);
  const tellAll = async (userIds: readonly string[]) => {
    for (const [userId, counters] of await countersOfMany(db, userIds))
      tell(userId, presentCounters(counters));
  };
  events.on('block.changed', ({ blockerId, blockedId }) => tellAll([blockerId, blockedId]));
  // The members who chatted with a deleted account lose its match, like and visit with it.
  events.on('account.removed', ({ conversations }) => {
    if (conversations.length > 0) return tellAll(conversations.map((c) => c.userId));
  });
}

/**
 * The bell's count to the members an event gave a notification to (list/notification-sources.ts
 * reads the same rows), counted a moment later together with the others due (counters-sender.ts): a
 * match and the like that made it are one count, and a rating answers without waiting for it. A
 * rating of any score counts: a like lowered below 4 leaves the list.
 */
function subscribeBellEvents(
  { db, events }: Pick<AppDeps, 'db' | 'events'>,
  { io, log }: Pick<Realtime, 'io' | 'log'>,
  tell: (userId: string, update: CountersUpdate) => void,
): void {
  const bell = createCountersSender({
    count: (userIds) => unseenNotifications(db, userIds),
    deliver: (userId, counts) => tell(userId, presentNotificationsBadge(counts)),
    report: (err) => log.error({ err }, 'sending the notifications badge failed'),
  });
  io.httpServer?.once('close', () => bell.stop());
  events.on('match.made', ({ match }) => bell.schedule([match.userA, match.userB]));
  events.on('rating.given', ({ ratedId }) => bell.schedule([ratedId]));
  events.on('visit.recorded', ({ visitedId }) => bell.schedule([visitedId]));
  events.on('post.requested', ({ authorId }) => bell.schedule([authorId]));
  events.on('post.commented', ({ receiverIds }) => bell.schedule(receiverIds));
  events.on('payment.settled', ({ userId }) => bell.schedule([userId]));
  events.on('zone.requested', ({ moderatorIds }) => bell.schedule(moderatorIds));
  events.on('zone.answered', ({ userId }) => bell.schedule([userId]));
}
