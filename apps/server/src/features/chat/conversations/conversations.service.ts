import type { AppEventPort } from '../../../app-events.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { PhotoRow } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { AppError, badRequest } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { paymentRequired, paywallReasonOf } from '../../billing/paywall/paywall.policy.ts';
import { avatarPhotos } from '../../media/media.service.ts';
import { conversationNotFound } from '../chat-errors.ts';
import { scheduleChatFilesRemoval } from '../files/chat-files.service.ts';
import * as repo from './conversations.repository.ts';
import { messagesFor, type MessageView } from '../messages/message-views.service.ts';

/** The key that makes a pair's conversation unique: both ids, sorted, joined by ':'. */
export const pairKeyOf = (a: string, b: string) => [a, b].sort().join(':');

/**
 * A conversation as its viewer sees it: the other member's row, the last message (the viewer's view)
 * and the other member's avatar photo; chat.presenter.ts's presentConversation makes it the JSON.
 */
export type ConversationView = {
  row: repo.ConversationRow;
  lastMessage: MessageView | null;
  avatar: PhotoRow | null;
};

/** The rows with their last messages and avatars, in two batched queries whatever their number. */
async function viewsOf(
  db: DbOrTx,
  viewerId: string,
  rows: repo.ConversationRow[],
): Promise<ConversationView[]> {
  const lastIds = rows.flatMap((row) => (row.lastMessageId ? [row.lastMessageId] : []));
  const avatarIds = rows.flatMap((row) => (row.avatarPhotoId ? [row.avatarPhotoId] : []));
  const [lastMessages, avatars] = await Promise.all([
    messagesFor(db, viewerId, lastIds),
    avatarPhotos(db, avatarIds),
  ]);
  const byId = new Map(lastMessages.map((message) => [message.row.id, message]));
  return rows.map((row) => ({
    row,
    lastMessage: row.lastMessageId ? (byId.get(row.lastMessageId) ?? null) : null,
    avatar: row.avatarPhotoId ? (avatars.get(row.avatarPhotoId) ?? null) : null,
  }));
}

/**
 * The viewer's conversations, newest activity first; blocked or inactive members' ones left out (Z3).
 * `folder`: the message requests only (`requests`), all but them (`main`), or all (none).
 */
export async function listConversations(
  db: Db,
  viewerId: string,
  page: { skip: number; limit: number; folder?: repo.ConversationFolder },
): Promise<{ conversations: ConversationView[]; count: number }> {
  const [rows, count] = await Promise.all([
    repo.listConversationRows(db, viewerId, page),
    repo.countConversations(db, viewerId, page.folder),
  ]);
  return { conversations: await viewsOf(db, viewerId, rows), count };
}

/** One conversation of the viewer; 404 for a non-member, a block or an inactive other member. */
export async function getConversation(
  db: DbOrTx,
  viewerId: string,
  conversationId: string,
): Promise<ConversationView> {
  const rows = await repo.listConversationRows(db, viewerId, { skip: 0, limit: 1, conversationId });
  const [conversation] = await viewsOf(db, viewerId, rows);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

/**
 * Finds or starts the viewer's conversation with a member (idempotent by pair key). Never oneself;
 * an unknown, inactive or blocked member is 404 `user_not_found`; a member the viewer may not write
 * to is 402 `payment_required` with the paywall's reason (features/billing/paywall), so the app offers
 * Premium before anything is typed, and no empty conversation is left behind. A new one is in both
 * lists after the commit (`conversation.changed`).
 */
export async function startConversation(
  deps: { db: Db; events: AppEventPort },
  viewerId: string,
  userId: string,
): Promise<ConversationView> {
  const { db } = deps;
  if (viewerId === userId) throw badRequest('self_not_allowed');
  if (!(await repo.findReachableMember(db, viewerId, userId))) throw new AppError(404, 'user_not_found');
  const pairKey = pairKeyOf(viewerId, userId);
  const now = clock.now();
  const reason = paywallReasonOf(await repo.paywallForStart(db, viewerId, userId, pairKey, now));
  if (reason) throw await paymentRequired(db, { reason, sender: viewerId, recipient: userId, at: now });
  const created = await db.transaction((tx) =>
    repo.insertConversation(tx, pairKey, [viewerId, userId], clock.now()),
  );
  const found = created ?? (await repo.findConversationByPair(db, pairKey));
  if (!found) throw new Error(`conversation ${pairKey} vanished`);
  if (created) {
    await deps.events.emit('conversation.changed', { conversationId: found.id, userIds: [viewerId, userId] });
  }
  return getConversation(db, viewerId, found.id);
}

/**
 * After a block (or its end) between two members commits (a subscriber of `block.changed`): both
 * lists change (the conversation goes or comes back), so do both badges. (The realtime emitters also
 * stop each watching the other's presence, chat-emitters.ts.)
 */
export async function announceBlockChange(
  deps: { db: DbOrTx; events: AppEventPort },
  a: string,
  b: string,
): Promise<void> {
  const conversation = await repo.findConversationByPair(deps.db, pairKeyOf(a, b));
  if (!conversation) return;
  await deps.events.emit('conversation.changed', { conversationId: conversation.id, userIds: [a, b] });
  await deps.events.emit('unread.changed', { userIds: [a, b] });
}

/** The members the member has a conversation with (the stories' tray shows theirs; blocks are the caller's filter). */
export async function conversationPartnerIds(db: DbOrTx, userId: string): Promise<string[]> {
  return [...new Set((await repo.partnersOf(db, userId)).map((row) => row.userId))];
}

/** A conversation removed with a deleted account, by the other member. */
export type RemovedConversation = { conversationId: string; userId: string };

/**
 * Account deletion (Z6), in its transaction: the member's conversations go for both members (their
 * messages, receipts, stars and file rows cascade). Returns what went, for `afterAccountRemoved`.
 */
export async function removeMemberConversations(tx: DbOrTx, userId: string): Promise<RemovedConversation[]> {
  const partners = await repo.partnersOf(tx, userId);
  await repo.deleteConversationsOf(tx, userId);
  return partners;
}

/**
 * After the deletion's commit (a subscriber of `account.removed`): the stored files of those
 * conversations go through durable jobs, and the other members' lists and badges follow.
 */
export async function afterAccountRemoved(
  deps: { jobs: JobQueue; events: AppEventPort },
  removed: { userId: string; conversations: readonly RemovedConversation[] },
): Promise<void> {
  const { userId, conversations: partners } = removed;
  for (const { conversationId } of partners) {
    await scheduleChatFilesRemoval(deps.jobs, { conversationId });
  }
  await scheduleChatFilesRemoval(deps.jobs, { uploaderId: userId });
  for (const partner of partners) {
    await deps.events.emit('conversation.changed', {
      conversationId: partner.conversationId,
      userIds: [partner.userId],
    });
  }
  // The deletion's answer does not wait for the other members' badges.
  if (partners.length > 0) {
    void deps.events.emit('unread.changed', { userIds: partners.map((partner) => partner.userId) });
  }
}
