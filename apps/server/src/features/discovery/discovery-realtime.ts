import type { Db } from '../../db/client.ts';
import { onClientEvent } from '../../realtime/client-events.ts';
import type { Realtime } from '../../realtime/server.ts';
import { onMatched } from './match-events.ts';
import { updatePosition } from './position.service.ts';

/**
 * The socket side of discovery: position updates from members' sockets (answered by ack), and
 * `matched:{userId}` to the room `user:{userId}` of each member of a new match.
 */
export function registerDiscoveryRealtime(realtime: Pick<Realtime, 'io' | 'log'>, db: Db): void {
  const { io, log } = realtime;
  io.on('connection', (socket) => {
    onClientEvent<{ ok: true }>(
      socket,
      'users:users:update:coordinates',
      async (payload, answer) => {
        await updatePosition(db, socket.data.userId, payload);
        answer({ ok: true });
      },
      log,
    );
  });
  const stop = onMatched((receiverId, event) => {
    io.to(`user:${receiverId}`).emit(`matched:${receiverId}`, event);
  });
  io.httpServer?.once('close', stop);
}
