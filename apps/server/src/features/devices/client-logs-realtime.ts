import { ClientLogsSchema, type ClientLog } from '@motema/shared/devices';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { onClientEvent } from '../../realtime/client-events.ts';
import type { Realtime } from '../../realtime/server.ts';

/** Batches a socket may send in a minute: the app sends one every few seconds at most (lib/client-logs.ts). */
export const CLIENT_LOG_BATCHES_PER_MINUTE = 12;

/** The app's path without its query or fragment, which may hold a token or a search. */
const pathOnly = (path: string | undefined) => path?.split(/[?#]/, 1)[0];

/**
 * The socket event `events` (SPEC section 7): the app's errors and logs, recorded in the server log
 * with the member's id and nothing else of theirs (no address, no name). A batch over the cap
 * (ClientLogsSchema: CLIENT_LOGS_MAX entries, each text cut at CLIENT_LOG_TEXT_MAX) or beyond the
 * socket's rate limit is dropped whole, unread: a broken or hostile app cannot fill the log. A client
 * error is the app's, not the server's: logged as a warning, never as an error that would page anyone.
 * No answer (the app sends and forgets).
 */
export function registerClientLogs(
  realtime: Pick<Realtime, 'onConnection' | 'log'>,
  deps: { limiter: RateLimiter },
): void {
  const { log } = realtime;
  realtime.onConnection((socket) => {
    const userId = socket.data.userId;
    onClientEvent(
      socket,
      'events',
      async (payload) => {
        const { allowed } = await deps.limiter.consume(
          `client-logs:${socket.id}`,
          CLIENT_LOG_BATCHES_PER_MINUTE,
          60_000,
        );
        if (!allowed) return;
        const batch = ClientLogsSchema.safeParse(payload);
        if (!batch.success) return;
        for (const entry of batch.data.logs) record(entry, userId);
      },
      log,
    );
  });

  function record(entry: ClientLog, userId: string): void {
    const fields = {
      userId,
      client: {
        level: entry.level,
        message: entry.message,
        stack: entry.stack,
        path: pathOnly(entry.path),
        at: entry.at,
      },
    };
    if (entry.level === 'info') log.info(fields, 'client log');
    else log.warn(fields, `client ${entry.level}`);
  }
}
