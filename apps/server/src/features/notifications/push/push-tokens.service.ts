import type { PushTokenInput } from '@motema/shared/notifications';
import type { DbOrTx } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import { fieldIssue, invalidFields } from '../../../lib/app-error.ts';
import type { NativePushEnv } from './native-push-config.ts';
import { pushPlatforms } from './native-senders.ts';
import { isAllowedPushEndpoint, pushServiceOrigins } from './push-endpoints.ts';
import * as repo from './push-tokens.repository.ts';

export type { PushTokenRef } from './push-tokens.repository.ts';

/** Tokens a member keeps at most (a phone, a tablet, a few browsers): the oldest go past it. */
export const PUSH_TOKENS_MAX = 10;

/**
 * Registers a device's push address for the session's member: `web` only at a known push service
 * (the server posts to it: anything else would let a member aim it at the server's own network).
 */
export async function registerPushToken(
  deps: { db: DbOrTx; env: Pick<Env, 'PUSH_SERVICE_ORIGINS'> },
  auth: { userId: string; sessionId: string },
  input: PushTokenInput,
): Promise<void> {
  const row = { userId: auth.userId, sessionId: auth.sessionId, p256dh: null, auth: null };
  if ('web' in input) {
    const { endpoint, keys } = input.web;
    if (!isAllowedPushEndpoint(endpoint, pushServiceOrigins(deps.env))) {
      throw invalidFields(fieldIssue('web.endpoint', 'push_endpoint_invalid'));
    }
    await repo.upsertPushToken(deps.db, { ...row, platform: 'web', token: endpoint, ...keys });
  } else if ('android' in input) {
    await repo.upsertPushToken(deps.db, { ...row, platform: 'android', token: input.android });
  } else {
    await repo.upsertPushToken(deps.db, { ...row, platform: 'ios', token: input.ios });
  }
  await repo.trimPushTokens(deps.db, auth.userId, PUSH_TOKENS_MAX);
}

/**
 * A device logged out: the push tokens it names go, and every token its session registered, so it
 * stops getting the member's notifications. Only the member's own tokens (another member's token is
 * never reachable). Returns how many went.
 */
export async function forgetPushTokens(
  db: DbOrTx,
  auth: { userId: string; sessionId: string },
  tokens: readonly repo.PushTokenRef[],
): Promise<number> {
  return repo.deletePushTokens(db, auth.userId, tokens, auth.sessionId);
}

/**
 * Which of these members a push reaches: a token of a live session (not revoked, not expired) on a
 * platform the server sends to (web always; Android and iOS once configured: native-senders.ts).
 */
export async function membersWithLivePushToken(
  deps: { db: DbOrTx; env: NativePushEnv },
  userIds: readonly string[],
): Promise<Set<string>> {
  return repo.membersWithLiveToken(deps.db, userIds, pushPlatforms(deps.env));
}
