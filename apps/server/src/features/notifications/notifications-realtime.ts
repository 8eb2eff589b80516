import type { AppDeps } from '../../deps.ts';
import type { Realtime } from '../../realtime/server.ts';
import { countersOfMany, type MemberCounters } from './counters.service.ts';
import { createCountersSender } from './counters-sender.ts';
import { presentCounters } from './notifications.presenter.ts';

/**
 * The socket side of notifications, subscribed in app.ts: `counters:update` to every device of a
 * member (the room `user:{id}`, which the Redis adapter carries across nodes) whenever their badges
 * change. Chat tells when unread messages change (`unread.changed`); a new message's badge waits a
 * moment for the rest of a burst (counters-sender.ts).
 */
export function subscribeNotificationsEvents(
  { db, events }: Pick<AppDeps, 'db' | 'events'>,
  realtime: Pick<Realtime, 'io' | 'log'>,
): void {
  const { io, log } = realtime;
  const tell = (userId: string, counters: MemberCounters) => {
    io.to(`user:${userId}`).emit('counters:update', presentCounters(counters));
  };
  const sender = createCountersSender({
    count: (userIds) => countersOfMany(db, userIds),
    deliver: tell,
    report: (err) => log.error({ err }, 'sending scheduled counters failed'),
  });
  io.httpServer?.once('close', () => sender.stop());

  events.on('unread.changed', ({ userIds, newMessage }) =>
    newMessage ? sender.schedule(userIds) : sender.update(userIds),
  );
  events.on('notifications.seen', ({ userId, counters }) => tell(userId, counters));
}
