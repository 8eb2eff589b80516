import type { Receipt, Typing } from '@motema/shared/chat';
import type { AppEventPort } from '../../../app-events.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, forbidden } from '../../../lib/app-error.ts';
import { conversationAccess } from '../chat-access.repository.ts';
import { conversationNotFound } from '../chat-errors.ts';
import { pairKeyOf } from '../conversations/conversations.service.ts';
import * as repo from '../conversations/conversations.repository.ts';

export type ReceiptKind = 'deliver' | 'read';

/**
 * The member's app got (`deliver`) or showed (`read`, which also means delivered) every message up
 * to `seq`. Watermarks only move forwards and never past the last message; a repeated or older
 * receipt changes nothing and sends nothing. A read sets the unread count exactly. After the commit
 * both members get `chats:receipts` when a watermark moved, and the reader's devices their badges.
 */
export async function recordReceipt(
  deps: { db: Db; events: AppEventPort },
  userId: string,
  receipt: Receipt,
  kind: ReceiptKind,
): Promise<void> {
  const result = await deps.db.transaction(async (tx) => {
    const access = await conversationAccess(tx, receipt.conversationId, userId);
    if (!access) throw conversationNotFound();
    if (access.blocked) throw forbidden('chat_blocked');
    const lastSeq = await repo.lockConversationShared(tx, receipt.conversationId);
    const before = await repo.lockMember(tx, receipt.conversationId, userId);
    if (!before) throw conversationNotFound();
    const capped = Math.min(receipt.seq, lastSeq);
    const marks = {
      deliveredSeq: Math.max(before.deliveredSeq, capped),
      readSeq: kind === 'read' ? Math.max(before.readSeq, capped) : before.readSeq,
    };
    const moved = marks.deliveredSeq !== before.deliveredSeq || marks.readSeq !== before.readSeq;
    if (moved) await repo.setWatermarks(tx, receipt.conversationId, userId, marks);
    const unread =
      kind === 'read' ? await repo.recomputeUnread(tx, receipt.conversationId, userId) : before.unreadCount;
    return { otherId: access.otherId, marks, moved, unreadChanged: unread !== before.unreadCount };
  });
  if (result.moved) {
    await deps.events.emit('receipts.changed', {
      conversationId: receipt.conversationId,
      userId,
      otherId: result.otherId,
      ...result.marks,
    });
  }
  if (result.unreadChanged) await deps.events.emit('unread.changed', { userIds: [userId] });
}

/** Relays a typing state to the other member (`typing.changed`); only between members with no block. */
export async function relayTyping(
  deps: { db: Db; events: AppEventPort },
  userId: string,
  typing: Typing,
): Promise<void> {
  const access = await conversationAccess(deps.db, typing.conversationId, userId);
  if (!access) throw conversationNotFound();
  if (access.blocked) throw forbidden('chat_blocked');
  await deps.events.emit('typing.changed', {
    conversationId: typing.conversationId,
    userId,
    otherId: access.otherId,
    typing: typing.typing,
  });
}

/** Whether a member is connected, and when they were last active (presenceOf shows it coarsely). */
export type MemberPresence = { userId: string; connected: boolean; lastActivity: Date | null };

/**
 * A member's presence, for a watcher who shares a conversation with them and no block (anyone else
 * learns nothing: 404 `user_not_found`).
 */
export async function watchablePresence(db: Db, watcherId: string, userId: string): Promise<MemberPresence> {
  const found =
    watcherId === userId
      ? undefined
      : await repo.watchableMember(db, watcherId, pairKeyOf(watcherId, userId), userId);
  if (!found) throw new AppError(404, 'user_not_found');
  return { userId, connected: found.connected, lastActivity: found.lastActivity };
}

/** Whether a member's connecting and leaving are told to their watchers (never in discreet mode). */
export function presenceShown(db: Db, userId: string): Promise<boolean> {
  return repo.presenceShown(db, userId);
}
