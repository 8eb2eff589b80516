import type { EventAck } from '@motema/shared/realtime';
import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../realtime/server.ts';
import { onMatched } from './match-events.ts';
import { updatePosition } from './position.service.ts';

/**
 * The socket side of discovery: position updates from members' sockets (answered by ack), and
 * `matched:{userId}` to the room `user:{userId}` of each member of a new match.
 */
export function registerDiscoveryRealtime(realtime: Pick<Realtime, 'io'>, db: Db): void {
  const { io } = realtime;
  io.on('connection', (socket) => {
    socket.on('users:users:update:coordinates', (payload: unknown, ack?: unknown) => {
      const answer = (result: EventAck) => {
        if (typeof ack === 'function') ack(result);
      };
      updatePosition(db, socket.data.userId, payload).then(answer, () =>
        answer({ ok: false, code: 'internal' }),
      );
    });
  });
  const stop = onMatched((receiverId, event) => {
    io.to(`user:${receiverId}`).emit(`matched:${receiverId}`, event);
  });
  io.httpServer?.once('close', stop);
}
