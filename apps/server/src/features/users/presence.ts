import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../realtime/server.ts';
import { recordPresence } from './users.service.ts';

/**
 * Keeps `connected` and `lastActivity` in step with the member's sockets: a connecting socket marks
 * the member connected and active now; the last one leaving marks them disconnected (active until now).
 */
export function registerPresence(realtime: Realtime, db: Db): void {
  realtime.onPresence((userId, connected) => recordPresence(db, userId, connected));
}
