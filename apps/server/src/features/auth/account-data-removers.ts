import type { AppEvents } from '../../app-events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { removeMemberConversations } from '../chat/conversations/conversations.service.ts';

/** What the removers took with the account: the `account.removed` event's payload, but the member. */
export type RemovedAccountData = Omit<AppEvents['account.removed'], 'userId'>;

/**
 * One remover per field of RemovedAccountData: in the deletion's transaction, before the users row
 * goes, it removes rows of the member's that do not cascade and returns what went, which the
 * subscribers of `account.removed` receive after the commit (values from the transaction, never kept
 * aside: a rollback leaves nothing behind).
 */
export type AccountDataRemovers = {
  [K in keyof RemovedAccountData]: (tx: DbOrTx, userId: string) => Promise<RemovedAccountData[K]>;
};

/**
 * The extension point of account deletion (QUALITY Z6). Rows with `ON DELETE CASCADE` to users
 * (sessions, one-time codes, push tokens, photos) need no remover; the counters of other members' rows
 * that such a cascade would leave too high are set right by their owners' account hooks
 * (account-hooks-port.ts `removing`). What a rollback cannot undo (files
 * on disk or in S3) is a subscriber of `account.removed`, registered by the media module, that enqueues a durable
 * job (media's files, chat's).
 */
export const ACCOUNT_DATA_REMOVERS: AccountDataRemovers = {
  // The member's conversations go for both members (messages and file rows cascade).
  conversations: removeMemberConversations,
};

/** Runs every remover, one after the other, in the deletion's transaction. */
export async function removeAccountData(
  tx: DbOrTx,
  userId: string,
  removers: AccountDataRemovers,
): Promise<RemovedAccountData> {
  const removed: Record<string, unknown> = {};
  for (const [field, remove] of Object.entries(removers)) removed[field] = await remove(tx, userId);
  return removed as RemovedAccountData;
}
