import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@motema/shared/realtime';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Generous: a loaded CI machine must not fail a test that is not about speed. */
export const SOCKET_WAIT_MS = 8000;

/** Rejects with `what` when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, what: string, ms = SOCKET_WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * A real socket.io-client to `url` as the member behind `cookie`, websocket only, not reconnecting by
 * itself (tests reconnect explicitly); resolves once the server said `connected`.
 */
export async function openSocket(url: string, cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  try {
    await within(
      new Promise<void>((resolve, reject) => {
        socket.once('connected', () => resolve());
        socket.once('connect_error', reject);
      }),
      `a socket connected to ${url}`,
    );
  } catch (error) {
    socket.disconnect();
    throw error;
  }
  return socket;
}

/** Everything `socket` receives of `event`, in order, from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  const waiters: (() => void)[] = [];
  // socket.io-client's typed `on` does not narrow a generic event name: listen untyped.
  (socket as unknown as { on: (e: string, f: (p: unknown) => void) => void }).on(event, (payload) => {
    received.push(payload as Parameters<ServerToClientEvents[E]>[0]);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    received,
    /** Resolves once at least `count` were received. */
    async atLeast(count: number, ms = SOCKET_WAIT_MS) {
      await within(
        (async () => {
          while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
        })(),
        `${count} '${String(event)}' event(s), got ${received.length}`,
        ms,
      );
      return received;
    },
  };
}
