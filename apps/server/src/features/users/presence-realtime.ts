import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import type { Realtime } from '../../realtime/server.ts';
import { recordPresence } from './users.service.ts';

/** A write the database could not take (restarting) is tried again this often, for up to a minute. */
const RETRY_MS = 1000;
const RETRY_FOR_MS = 60_000;

/**
 * Keeps `connected` and `lastActivity` in step with the member's sockets: a connecting socket marks
 * the member connected and active now; the last one leaving marks them disconnected (active until now).
 * A member's writes are applied one after the other, in the order the sockets came and went, so a
 * quick connect-then-leave never ends with a stale `connected = true`; a write that met the database
 * away is tried again until it is back, so a departure during a restart is not forgotten either.
 */
export function registerPresence(
  realtime: Pick<Realtime, 'onPresence'>,
  db: Db,
  options: { retryMs?: number } = {},
): void {
  const retryMs = options.retryMs ?? RETRY_MS;
  const record = async (userId: string, connected: boolean) => {
    for (let waited = 0; ; waited += retryMs) {
      try {
        return await recordPresence(db, userId, connected);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || waited >= RETRY_FOR_MS) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  };
  const pending = new Map<string, Promise<void>>();
  realtime.onPresence((userId, connected) => {
    const previous = pending.get(userId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => record(userId, connected));
    pending.set(userId, next);
    const forget = () => {
      if (pending.get(userId) === next) pending.delete(userId);
    };
    next.then(forget, forget);
    return next;
  });
}
