import type { ClientToServerEvents, EventFailure } from '@motema/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { asServiceUnavailable, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { AppError } from '../lib/app-error.ts';
import { runInScope } from '../lib/request-scope.ts';
import type { RealtimeSocket } from './server.ts';

type UntypedSocket = {
  on: (event: string, listener: (this: RealtimeSocket, payload: unknown, ack: unknown) => void) => void;
};

/** Answers the client's ack at most once; without an ack (or with something else), answers nobody. */
export type Answer<T> = (result: T | EventFailure) => void;

/**
 * A refusal as an ack carries it: the AppError's code (never a message or a stack), Retry-After in
 * seconds, the paywall's reason; the database out of reach is `service_unavailable`, to be tried again,
 * anything else `internal`.
 */
export function failureOf(error: unknown): EventFailure {
  error = asServiceUnavailable(error);
  if (!(error instanceof AppError)) return { ok: false, code: 'internal' };
  const retryAfter = Number(error.headers?.['retry-after']);
  const failure: EventFailure = { ok: false, code: error.code };
  if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfter = retryAfter;
  if (error.reason) failure.reason = error.reason;
  return failure;
}

/** A client event's handler: one for every socket, reading what it needs of the one that sent it. */
export type ClientEventHandler<T> = (
  socket: RealtimeSocket,
  payload: unknown,
  answer: Answer<T>,
) => void | Promise<void>;

/**
 * The one way to listen to a client event: `clientEvent(event, handler, log)` once, when the feature
 * registers, and the function it returns on each connection (`listen(socket)`). Whatever the client
 * sends (any payload, binary frames, no ack or a non-function in its place) and whatever the handler
 * throws or rejects with, the process goes on. A handler's error is answered as `failureOf(error)`
 * (logged when it is not a refusal); an exception escaping later from work the handler started (a
 * timer, a stream) drops this socket only (its request scope, process-guards.ts).
 *
 * Every socket shares the one listener (Socket.IO calls it with the socket as `this`): the closures
 * made per event per socket were 5 KB a socket, about 10 MB of heap at 2,000 sockets, which each
 * mark-compact walks (bench/README.md, B3). A handler keeps a socket's own state where it can find it again (a WeakMap by
 * socket, `socket.data`), never in a closure made per connection.
 */
export function clientEvent<T>(
  event: keyof ClientToServerEvents,
  handler: ClientEventHandler<T>,
  log: FastifyBaseLogger,
): (socket: RealtimeSocket) => void {
  const what = `socket event ${event}`;
  function listener(this: RealtimeSocket, payload: unknown, ack: unknown) {
    let answered = false;
    const answer: Answer<T> = (result) => {
      if (answered || typeof ack !== 'function') return;
      answered = true;
      ack(result);
    };
    const fail = (error: unknown) => {
      if (isDatabaseUnavailable(error)) log.warn({ err: error, event }, 'socket event: the database is away');
      else if (!(error instanceof AppError)) log.error({ err: error, event }, 'socket event failed');
      answer(failureOf(error));
    };
    runInScope({ what, abandon: () => this.disconnect(true) }, () => {
      try {
        const done = handler(this, payload, answer);
        if (done) done.catch(fail);
      } catch (error) {
        fail(error);
      }
    });
  }
  // Untyped on purpose: the client may send anything in place of the typed arguments.
  return (socket) => void (socket as unknown as UntypedSocket).on(event, listener);
}
