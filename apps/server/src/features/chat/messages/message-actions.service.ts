import type { AppEventPort } from '../../../app-events.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { AppError, badRequest, forbidden } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { conversationAccess } from '../chat-access.repository.ts';
import { scheduleChatFilesRemoval } from '../files/chat-files.service.ts';
import * as conversationsRepo from '../conversations/conversations.repository.ts';
import * as messagesRepo from './message-actions.repository.ts';
import { messageFor, type MessageView } from './message-views.service.ts';

const messageNotFound = () => new AppError(404, 'message_not_found');
const notEditable = () => badRequest('message_not_editable');

type ActionDeps = { db: Db; events: AppEventPort };
type Target = { id: string; conversationId: string; senderId: string; unsent: boolean; otherId: string };

/**
 * The message a member acts on: one of their conversation that they have not deleted for
 * themselves (404 `message_not_found` otherwise, so ids reveal nothing), with no block between the
 * members (403 `chat_blocked`).
 */
export async function target(db: DbOrTx, viewerId: string, messageId: string, { hiddenOk = false } = {}) {
  const message = await messagesRepo.findForWrite(db, messageId, viewerId);
  if (!message) throw messageNotFound();
  const access = await conversationAccess(db, message.conversationId, viewerId);
  if (!access || (message.hidden && !hiddenOk)) throw messageNotFound();
  if (access.blocked) throw forbidden('chat_blocked');
  return {
    id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    unsent: message.unsentAt !== null,
    hidden: message.hidden,
    otherId: access.otherId,
  };
}

/**
 * After the commit: each member of the conversation is shown their own view of the changed message
 * (`message.changed`); not the other member if they deleted it for themselves (an update must not
 * bring it back to their screen). Returns the viewer's view.
 */
async function announceUpdate(deps: ActionDeps, viewerId: string, found: Target): Promise<MessageView> {
  const { db } = deps;
  const [mine, theirs, hiddenForThem] = await Promise.all([
    messageFor(db, viewerId, found.id),
    messageFor(db, found.otherId, found.id),
    messagesRepo.isHiddenBy(db, found.id, found.otherId),
  ]);
  const views = [{ userId: viewerId, message: mine }];
  if (!hiddenForThem) views.push({ userId: found.otherId, message: theirs });
  await deps.events.emit('message.changed', { views });
  return mine;
}

/** The sender changes the text of their message (not once unsent); both members see the edit. */
export async function editMessage(
  deps: ActionDeps,
  viewerId: string,
  messageId: string,
  text: string,
): Promise<MessageView> {
  const found = await deps.db.transaction(async (tx) => {
    const found = await target(tx, viewerId, messageId);
    if (found.senderId !== viewerId || found.unsent) throw notEditable();
    if (!(await messagesRepo.updateText(tx, found.id, text, clock.now()))) throw notEditable();
    return found;
  });
  return announceUpdate(deps, viewerId, found);
}

/**
 * The sender takes the message back for both members: it keeps its place without text or files,
 * the recipient's unread count no longer holds it, and its stored files go after the commit.
 * Taking back a message already taken back changes nothing.
 */
export async function unsendMessage(
  deps: { db: Db; jobs: JobQueue; events: AppEventPort },
  viewerId: string,
  messageId: string,
): Promise<MessageView> {
  const { db } = deps;
  const result = await db.transaction(async (tx) => {
    const found = await target(tx, viewerId, messageId);
    if (found.senderId !== viewerId) throw notEditable();
    await conversationsRepo.lockConversationShared(tx, found.conversationId);
    if (!(await messagesRepo.markUnsent(tx, found.id, clock.now()))) return { found, changed: false };
    await conversationsRepo.recomputeUnread(tx, found.conversationId, found.otherId);
    return { found, changed: true };
  });
  if (!result.changed) return messageFor(db, viewerId, messageId);
  await scheduleChatFilesRemoval(deps.jobs, { messageId });
  const mine = await announceUpdate(deps, viewerId, result.found);
  // The sender's answer does not wait for the other member's badge.
  void deps.events.emit('unread.changed', { userIds: [result.found.otherId] });
  return mine;
}

/** "Delete for me": the message goes from the member's thread only; idempotent. */
export async function hideMessage(deps: ActionDeps, viewerId: string, messageId: string): Promise<void> {
  const result = await deps.db.transaction(async (tx) => {
    const found = await target(tx, viewerId, messageId, { hiddenOk: true });
    if (found.hidden) return { found, changed: false, unreadChanged: false };
    await conversationsRepo.lockConversationShared(tx, found.conversationId);
    const before = await conversationsRepo.lockMember(tx, found.conversationId, viewerId);
    await messagesRepo.insertHide(tx, found.id, viewerId, clock.now());
    const unread = await conversationsRepo.recomputeUnread(tx, found.conversationId, viewerId);
    return { found, changed: true, unreadChanged: unread !== before?.unreadCount };
  });
  if (!result.changed) return;
  await deps.events.emit('message.hidden', {
    userId: viewerId,
    conversationId: result.found.conversationId,
    messageId: result.found.id,
  });
  if (result.unreadChanged) await deps.events.emit('unread.changed', { userIds: [viewerId] });
}

/** The member's own star on a message, on all their devices (the other member sees nothing). */
export async function starMessage(
  deps: ActionDeps,
  viewerId: string,
  messageId: string,
  important: boolean,
): Promise<MessageView> {
  const { db } = deps;
  const found = await target(db, viewerId, messageId);
  await messagesRepo.setStar(db, found.id, viewerId, important, clock.now());
  const mine = await messageFor(db, viewerId, found.id);
  await deps.events.emit('message.changed', { views: [{ userId: viewerId, message: mine }] });
  return mine;
}
