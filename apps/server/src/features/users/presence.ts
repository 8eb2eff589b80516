import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../realtime/server.ts';
import { recordPresence } from './users.service.ts';

/**
 * Keeps `connected` and `lastActivity` in step with the member's sockets: a connecting socket marks
 * the member connected and active now; the last one leaving marks them disconnected (active until now).
 * A member's writes are applied one after the other, in the order the sockets came and went, so a
 * quick connect-then-leave never ends with a stale `connected = true`.
 */
export function registerPresence(realtime: Pick<Realtime, 'onPresence'>, db: Db): void {
  const pending = new Map<string, Promise<void>>();
  realtime.onPresence((userId, connected) => {
    const previous = pending.get(userId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => recordPresence(db, userId, connected));
    pending.set(userId, next);
    const forget = () => {
      if (pending.get(userId) === next) pending.delete(userId);
    };
    next.then(forget, forget);
    return next;
  });
}
