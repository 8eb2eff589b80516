import type { Db } from '../../db/client.ts';
import { clientEvent } from '../../realtime/client-events.ts';
import type { Realtime } from '../../realtime/server.ts';
import type { MatchRow } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { presentMatchEvent } from './discovery.presenter.ts';
import { matchCards } from './ratings.service.ts';
import { updatePosition } from './position.service.ts';

/**
 * The socket side of discovery: position updates from members' sockets (answered by ack), and
 * `matched:{userId}` to each member of a new match (`tellMatch`, subscribed by discovery.module.ts).
 */
export function registerDiscoveryRealtime(realtime: Pick<Realtime, 'io' | 'log'>, db: Db): void {
  const { io, log } = realtime;
  const listen = clientEvent<{ ok: true }>(
    'users:users:update:coordinates',
    async (socket, payload, answer) => {
      await updatePosition(db, socket.data.userId, payload);
      answer({ ok: true });
    },
    log,
  );
  io.on('connection', listen);
}

/** `match.made`: `matched:{userId}` to each member's room, with the other's card as that member sees it. */
export function tellMatch(realtime: Pick<Realtime, 'io'>, db: Db) {
  return async ({ match }: { match: MatchRow }) => {
    const now = clock.now();
    for (const { receiverId, other } of await matchCards(db, match)) {
      realtime.io
        .to(`user:${receiverId}`)
        .emit(`matched:${receiverId}`, presentMatchEvent(other, match, now));
    }
  };
}
