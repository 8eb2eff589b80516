import type { DbOrTx } from '../../db/client.ts';
import type { PushTokenRow } from '../../db/schema.ts';
import * as repo from './push-tokens.repository.ts';

/** A device's address at a push service: `web`, `android` or `ios`, and the token it was given. */
export type PushTokenRef = Pick<PushTokenRow, 'platform' | 'token'>;

/**
 * A device logged out: the push tokens it names go, so it stops getting the member's notifications.
 * Only the member's own tokens (another member's token is never reachable). Returns how many went.
 */
export async function forgetPushTokens(
  db: DbOrTx,
  userId: string,
  tokens: readonly PushTokenRef[],
): Promise<number> {
  return repo.deletePushTokens(db, userId, tokens);
}
