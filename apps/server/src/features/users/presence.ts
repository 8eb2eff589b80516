import type { Db } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import type { Realtime } from '../../realtime/server.ts';
import { setPresence } from './users.repository.ts';

/** Keeps `connected` and `lastActivity` in step with the member's sockets. */
export function registerPresence(realtime: Realtime, db: Db): void {
  realtime.onPresence((userId, connected) => setPresence(db, userId, connected, clock.now()));
}
