import type { DbOrTx } from '../../db/client.ts';
import { afterChatRemoval, removeMemberConversations } from '../chat/conversations/conversations.service.ts';
import { scheduleOwnerMediaRemoval } from '../media/media.service.ts';
import type { UsersDeps } from './users.service.ts';

/**
 * Something a member owns beyond their users row, removed with the account (QUALITY Z6).
 * Rows with `ON DELETE CASCADE` to users (sessions, one-time codes, push tokens) need no remover.
 */
export type AccountDataRemover = {
  name: string;
  /** In the deletion's transaction, before the users row goes: rows that do not cascade. */
  inTransaction?: (tx: DbOrTx, userId: string) => Promise<void>;
  /**
   * After the commit, for what a rollback cannot undo (media files on disk or in S3). Keep it to
   * enqueueing a job (`deps.jobs.send`), which is durable and retried, rather than doing the work here.
   */
  afterCommit?: (deps: UsersDeps, userId: string) => Promise<void>;
};

/**
 * The extension point of account deletion: later features (media, posts, chat, zones, billing)
 * add their remover to this list, and `deleteAccount` runs them all.
 */
export const ACCOUNT_DATA_REMOVERS: readonly AccountDataRemover[] = [
  // Photo rows cascade with the users row; their files (disk or S3) go through a durable job.
  { name: 'media', afterCommit: (deps, userId) => scheduleOwnerMediaRemoval(deps.jobs, userId) },
  // The member's conversations go for both members (messages and file rows cascade); their files after.
  {
    name: 'chat',
    inTransaction: removeMemberConversations,
    afterCommit: afterChatRemoval,
  },
];
