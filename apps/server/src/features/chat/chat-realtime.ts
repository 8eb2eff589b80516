import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/server.ts';

/** The socket side of chat: send (acked after the commit), receipts, typing, presence watching. */
export function registerChatRealtime(
  _realtime: Pick<Realtime, 'io' | 'onPresence'>,
  _deps: { db: Db; limiter: RateLimiter },
): void {}
