import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@motema/shared/realtime';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import type { Member } from './factories.ts';

// The one way tests talk to the realtime server: real socket.io-client sockets, opened here, waited
// on here, and closed after the test that opened them. Only the handshake fuzz test writes raw frames.

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Generous: a loaded CI machine must not fail a test that is not about speed (S4's bar is one second). */
export const SOCKET_WAIT_MS = 10_000;

/** Rejects with `what` when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, what: string, ms = SOCKET_WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * A real client to `url` sending `headers` (a cookie, an Origin), websocket only, not reconnecting by
 * itself (tests reconnect explicitly). Not waited on: see welcomed and refused; openSocket does both.
 */
export function dialSocket(
  url: string,
  headers: Record<string, string> = {},
  auth: Record<string, string> = {},
): ClientSocket {
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    // The handshake's payload (Socket.IO's CONNECT packet): the mobile app's bundled copy gives its session there.
    auth,
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves with the server's `connected` greeting; rejects if the connection is refused. */
export function welcomed(socket: ClientSocket): Promise<{ userId: string }> {
  return within(
    new Promise((resolve, reject) => {
      socket.once('connected', resolve);
      socket.once('connect_error', reject);
    }),
    "the 'connected' event",
  );
}

/** Resolves with the refusal; rejects if the socket gets in. */
export function refused(socket: ClientSocket): Promise<Error> {
  return within(
    new Promise((resolve, reject) => {
      socket.once('connect_error', resolve);
      socket.once('connect', () => reject(new Error('the socket was let in')));
    }),
    'the refusal',
  );
}

/** The reason of the socket's next disconnection. No time limit of its own: await it `within` one. */
export function disconnection(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', resolve));
}

/** A socket of the member behind `cookie`, once the server greeted it (closed again if it was not). */
export async function openSocket(url: string, cookie: string): Promise<ClientSocket> {
  const socket = dialSocket(url, { cookie });
  try {
    await welcomed(socket);
  } catch (error) {
    socket.disconnect();
    throw error;
  }
  return socket;
}

type EventName = keyof ServerToClientEvents & string;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Resolves with the next `event` on the socket that satisfies `match`. */
export function nextEvent<E extends EventName>(
  socket: ClientSocket,
  event: E,
  match: (payload: Payload<E>) => boolean = () => true,
  ms = SOCKET_WAIT_MS,
): Promise<Payload<E>> {
  return new Promise((resolve, reject) => {
    const listener = (payload: Payload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`timed out waiting for ${event}`));
    }, ms);
    socket.on(event, listener as never);
  });
}

/** What wakes atLeast when a list made by collect or collectEvents grows. */
const arrivals = new WeakMap<readonly unknown[], Set<() => void>>();

/** A list that grows with `listen`'s pushes, and that atLeast can wait on. */
function growingList<T>(listen: (push: (item: T) => void) => void): T[] {
  const received: T[] = [];
  const waiting = new Set<() => void>();
  arrivals.set(received, waiting);
  listen((item) => {
    received.push(item);
    for (const wake of waiting) wake();
  });
  return received;
}

/** Every `event` the socket receives from now on, in order of arrival (wait for some with atLeast). */
export function collect<E extends EventName>(socket: ClientSocket, event: E): Payload<E>[] {
  return growingList<Payload<E>>((push) => socket.on(event, push as never));
}

/** Every event the socket receives from now on whose name passes `keep`, with its name. */
export function collectEvents<P = unknown>(
  socket: ClientSocket,
  keep: (event: string) => boolean = () => true,
) {
  return growingList<{ event: string; payload: P }>((push) =>
    socket.onAny((event: string, payload: P) => {
      if (keep(event)) push({ event, payload });
    }),
  );
}

/** Resolves with `received` (a list made by collect or collectEvents) once it holds at least `count`. */
export async function atLeast<T>(received: readonly T[], count: number, ms = SOCKET_WAIT_MS) {
  const waiting = arrivals.get(received);
  if (!waiting) throw new Error('atLeast waits on a list made by collect or collectEvents');
  let check = () => {};
  try {
    await within(
      new Promise<void>((resolve) => {
        check = () => void (received.length >= count && resolve());
        waiting.add(check);
        check();
      }),
      `${count} event(s) in the list`,
      ms,
    );
  } finally {
    waiting.delete(check);
  }
  return received;
}

/** The events a client emits with an ack, and what each ack answers. */
type AckOf<E extends keyof ClientToServerEvents> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends (result: infer R) => void ? R : never;
type AckEvent = {
  [E in keyof ClientToServerEvents]: [AckOf<E>] extends [never] ? never : E;
}[keyof ClientToServerEvents];

/** Emits `event` with `payload` (anything: refusals are tested too) and resolves with the server's ack. */
export function emitAck<E extends AckEvent>(
  socket: ClientSocket,
  event: E,
  payload: unknown,
  ms = SOCKET_WAIT_MS,
): Promise<AckOf<E>> {
  // The typed emitWithAck does not take a generic event name: call it untyped.
  const timed = socket.timeout(ms) as unknown as { emitWithAck: (e: E, p: unknown) => Promise<AckOf<E>> };
  return timed.emitWithAck(event, payload);
}

/** Waits a moment for events that must NOT come (after the positive events of the test arrived). */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it passes (socket events and their effects are asynchronous). */
export async function eventually(check: () => void | Promise<void>, ms = SOCKET_WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

export type SocketClients = {
  /** A greeted socket of the member behind `cookie` on the server at `url`. */
  open: (url: string, cookie: string) => Promise<ClientSocket>;
  /** A socket sending `headers` (and the handshake's `auth`), not waited on (for refusals: see refused). */
  dial: (url: string, headers?: Record<string, string>, auth?: Record<string, string>) => ClientSocket;
};

/**
 * The sockets a describe block opens, each closed after the test that opened it (those opened in a
 * beforeAll, after the block). For servers the test starts itself; socketTestBed builds one in-process.
 */
export function socketClients(): SocketClients {
  const opened: ClientSocket[] = [];
  const closeAll = () => {
    for (const socket of opened.splice(0)) socket.disconnect();
  };
  afterEach(closeAll);
  afterAll(closeAll);
  const track = (socket: ClientSocket) => (opened.push(socket), socket);
  return {
    open: async (url, cookie) => track(await openSocket(url, cookie)),
    dial: (url, headers, auth) => track(dialSocket(url, headers, auth)),
  };
}

export type SocketTestBed = {
  /** Set before the block's tests run. */
  t: TestApp;
  /** Where the test app listens, set before the block's tests run. */
  url: string;
  /** A greeted socket of this member (of its session: a member copy with another cookie is another device). */
  socketOf: (member: Pick<Member, 'cookie'>) => Promise<ClientSocket>;
  /** A socket sending `headers`, not waited on. */
  dial: (headers?: Record<string, string>, auth?: Record<string, string>) => ClientSocket;
};

/**
 * For one describe block: a test app on a database of its own (configured by `env`), listening for
 * real Socket.IO clients (built before the block's tests, closed after them); every socket it opens
 * closes after its test.
 */
export function socketTestBed(options: { env?: Record<string, string> } = {}): SocketTestBed {
  const bed = {
    t: undefined as unknown as TestApp,
    url: '',
  } as SocketTestBed;
  beforeAll(async () => {
    bed.t = await buildTestApp({ env: options.env });
    bed.url = await bed.t.listen();
  });
  afterAll(() => bed.t.close());
  // Registered after the app's hooks, so they run before them: the sockets close, then the app.
  const clients = socketClients();
  bed.socketOf = (member) => clients.open(bed.url, member.cookie);
  bed.dial = (headers, auth) => clients.dial(bed.url, headers, auth);
  return bed;
}
