import { ClientLogsSchema, type ClientLog } from '@motema/shared/devices';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { clientEvent } from '../../realtime/client-events.ts';
import type { Realtime } from '../../realtime/server.ts';

/**
 * Batches recorded in a minute per member, across their sockets, tabs, devices and the server's
 * nodes: the app sends one every few seconds at most (lib/client-logs.ts), and one page holds one socket.
 */
export const CLIENT_LOG_BATCHES_PER_MINUTE = 12;
/** Batches recorded in a minute per address, whoever sends them: several members behind one carrier address. */
export const CLIENT_LOG_BATCHES_PER_ADDRESS_PER_MINUTE = 60;

/** The app's path without its query or fragment, which may hold a token or a search. */
const pathOnly = (path: string | undefined) => path?.split(/[?#]/, 1)[0];

/**
 * The socket event `events` (SPEC section 7): the app's errors and logs, recorded in the server log
 * with the member's id and nothing else of theirs (no address, no name). A batch over the caps
 * (ClientLogsSchema: CLIENT_LOGS_MAX entries and CLIENT_LOGS_MAX_BYTES, each text cut at
 * CLIENT_LOG_TEXT_MAX) or beyond the member's or the address's rate limit (the shared limiter: in
 * Redis with REDIS_URL) is dropped whole, unread: a broken or hostile app cannot fill the log, however
 * many sockets it opens. A client error is the app's, not the server's: logged as a warning, never as
 * an error that would page anyone. No answer (the app sends and forgets).
 */
export function registerClientLogs(
  realtime: Pick<Realtime, 'onConnection' | 'log'>,
  deps: { limiter: RateLimiter },
): void {
  const { log } = realtime;
  const within = async (key: string, max: number) => (await deps.limiter.consume(key, max, 60_000)).allowed;
  realtime.onConnection(
    clientEvent(
      'events',
      async (socket, payload) => {
        const { userId, address } = socket.data;
        if (!(await within(`client-logs:member:${userId}`, CLIENT_LOG_BATCHES_PER_MINUTE))) return;
        if (!(await within(`client-logs:ip:${address}`, CLIENT_LOG_BATCHES_PER_ADDRESS_PER_MINUTE))) return;
        const batch = ClientLogsSchema.safeParse(payload);
        if (!batch.success) return;
        for (const entry of batch.data.logs) record(entry, userId);
      },
      log,
    ),
  );

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
