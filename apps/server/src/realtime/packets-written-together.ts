import type { Duplex } from 'node:stream';
import type { Server } from 'socket.io';

/** An engine.io socket, as far as this file reads it: its transport. */
type EngineSocket = { transport: unknown };

/**
 * The packets a socket's sends queued while its previous write was on its way go out in one write to
 * its connection, not one each. Engine.io sends a socket's packets one at a time while the connection
 * keeps up, and queues them while a write is in flight (its `flush`, when the write is done, sends the
 * queue); each packet is a WebSocket frame, and each frame was a system call of its own. On a busy
 * node a member's socket often has several waiting (the acks of a burst of sends, a message and its
 * badges), and the socket writes were the chat server's largest cost: a quarter of its CPU samples at
 * saturation (bench/README.md, B3). The connection is corked for the flush of two packets or more and
 * uncorked once the current operation is done (`process.nextTick`, before any I/O): the frames leave
 * together, in the same order, as soon as they would have. The long-polling transport sends a
 * queue in one response already.
 */
export function writePacketsTogether(engine: Server['engine']): void {
  engine.on('flush', (socket: EngineSocket, packets: readonly unknown[]) => {
    if (packets.length < 2) return;
    const connection = webSocketConnectionOf(socket);
    if (!connection || connection.destroyed) return;
    connection.cork();
    process.nextTick(() => connection.uncork());
  });
}

/** The TCP (or TLS) connection under a socket's WebSocket transport; none while it polls. */
export function webSocketConnectionOf(socket: EngineSocket): Duplex | undefined {
  const transport = socket.transport as { name: string; socket?: { _socket?: Duplex } };
  return transport.name === 'websocket' ? transport.socket?._socket : undefined;
}
