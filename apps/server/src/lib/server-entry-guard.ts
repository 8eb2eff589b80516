import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_MESSAGES } from '@motema/shared/errors';
import { runInScope, type RequestScope } from './request-scope.ts';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;
type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
export type EntryErrorLog = (error: unknown, what: string) => void;

const INTERNAL_BODY = JSON.stringify({ statusCode: 500, code: 'internal', message: ERROR_MESSAGES.internal });

/**
 * Answers 500 with the app's error body if nothing was sent yet, cuts the connection if an answer was
 * under way, and leaves a finished answer alone (its keep-alive connection may carry the next request).
 */
export function abandonResponse(response: ServerResponse): void {
  if (response.writableEnded) return;
  try {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(INTERNAL_BODY);
  } catch {
    response.destroy();
  }
}

/** The start of a request line for the log: never the whole of a client's 100 KB URL. */
const described = (request: IncomingMessage) => `${request.method} ${(request.url ?? '').slice(0, 200)}`;

/**
 * Every request and upgrade the HTTP server takes runs its listeners (Fastify's, Socket.IO's) inside
 * a request scope and a try/catch: a synchronous throw (such as a bad header reaching code that
 * parses it) is logged and answered 500, or the upgrading socket closed; an exception escaping later
 * from work started for it is pinned on the scope by process-guards.ts. Nothing a client sends can
 * end the process from there (QUALITY R2). Call it once every listener is attached (after Socket.IO).
 */
export function guardServerEntries(server: Server, logError: EntryErrorLog): void {
  const requestListeners = server.listeners('request') as RequestListener[];
  const upgradeListeners = server.listeners('upgrade') as UpgradeListener[];
  server.removeAllListeners('request');
  server.removeAllListeners('upgrade');

  const guarded = <A extends unknown[]>(scope: RequestScope, listeners: ((...args: A) => void)[], args: A) =>
    runInScope(scope, () => {
      try {
        for (const listener of listeners) listener.apply(server, args);
      } catch (error) {
        logError(error, scope.what);
        scope.abandon();
      }
    });

  server.on('request', (request: IncomingMessage, response: ServerResponse) =>
    guarded({ what: described(request), abandon: () => abandonResponse(response) }, requestListeners, [
      request,
      response,
    ]),
  );
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    guarded({ what: `upgrade ${described(request)}`, abandon: () => socket.destroy() }, upgradeListeners, [
      request,
      socket,
      head,
    ]),
  );
}
