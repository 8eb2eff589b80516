import type { FastifyBaseLogger } from 'fastify';
import { currentScope } from './lib/request-scope.ts';

/**
 * What the process does with an error nobody caught (decision 0012). Thrown by work done for a client
 * (a request, an upgrade, a socket event: it runs in a request scope), it is logged and that client
 * alone loses out: answered 500 or disconnected; the server goes on. Thrown outside any client's work,
 * the process's own state is in doubt: it is logged and the server stops (`stop`), to be started
 * again by its process manager. A promise rejected with nobody waiting is logged; nothing is left
 * half done by it, so the server goes on.
 */
export function installProcessGuards(log: FastifyBaseLogger, stop: () => void): void {
  process.on('uncaughtException', (error) => {
    const scope = currentScope();
    if (!scope) {
      log.fatal({ err: error }, 'uncaught exception outside any request: stopping the server');
      stop();
      return;
    }
    log.error(
      { err: error },
      `uncaught exception in ${scope.what}: that client is answered 500 or disconnected`,
    );
    scope.abandon();
  });
  process.on('unhandledRejection', (reason) => {
    const scope = currentScope();
    log.error({ err: reason }, `unhandled promise rejection${scope ? ` in ${scope.what}` : ''}`);
  });
}
