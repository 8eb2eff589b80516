import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as dial } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { within } from '../test/socket-test-bed.ts';
import { webSocketConnectionOf, writePacketsTogether } from './packets-written-together.ts';

const PACKETS = 5;

type Run = { received: number[]; writes: number };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * A bare Socket.IO server (with the helper or without) that sends PACKETS events to a new socket in
 * one go, counting the writes to the socket's connection from then on: Socket.IO's greeting of the
 * socket is still being written, so the events wait in engine.io's queue until it is.
 */
async function sendInOneGo(together: boolean): Promise<Run> {
  const http = createServer();
  const server = new Server(http, { transports: ['websocket'] });
  if (together) writePacketsTogether(server.engine);
  let writes = 0;
  server.on('connection', (socket) => {
    const connection = webSocketConnectionOf(socket.conn)!;
    const count = <F extends (...args: never[]) => unknown>(write: F) =>
      ((...args: Parameters<F>) => {
        writes += 1;
        return write.apply(connection, args);
      }) as F;
    connection._write = count(connection._write);
    if (connection._writev) connection._writev = count(connection._writev);
    for (let n = 1; n <= PACKETS; n++) socket.emit('n', n);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => void server.close(() => resolve())));
  const client = dial(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  closers.push(async () => void client.close());
  const received: number[] = [];
  await within(
    new Promise<void>((resolve) =>
      client.on('n', (n: number) => {
        received.push(n);
        if (received.length === PACKETS) resolve();
      }),
    ),
    `${PACKETS} events`,
  );
  return { received, writes };
}

describe('packets queued for a socket', () => {
  it('leave in one write to its connection, in order, where each was a write of its own', async () => {
    const alone = await sendInOneGo(false);
    const together = await sendInOneGo(true);
    const inOrder = Array.from({ length: PACKETS }, (_, index) => index + 1);
    expect(alone.received).toEqual(inOrder);
    expect(together.received).toEqual(inOrder);
    // Without: one write a packet. With: the queue at once.
    expect(alone.writes).toBe(PACKETS);
    expect(together.writes).toBe(1);
  });
});
