import type { Message } from '@motema/shared/chat';
import type { Image } from '@motema/shared/media';
import type { DbOrTx } from '../../db/client.ts';
import { avatarImages } from '../media/media.service.ts';
import { filesOfMessages } from './chat-files.service.ts';
import { presentMessage, type MemberState } from './chat.presenter.ts';
import * as conversationsRepo from './conversations.repository.ts';
import * as messagesRepo from './messages.repository.ts';

/**
 * Messages as the viewer sees them, presented in three batched queries whatever their number:
 * watermarks, files (the messages' and the quoted ones') and avatars.
 */
export async function presentMessageRows(
  db: DbOrTx,
  rows: readonly messagesRepo.MessageViewRow[],
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const conversationIds = [...new Set(rows.map((row) => row.conversationId))];
  const messageIds = [...new Set(rows.flatMap((row) => (row.quoteId ? [row.id, row.quoteId] : [row.id])))];
  const avatarIds = rows.flatMap((row) => (row.senderAvatarPhotoId ? [row.senderAvatarPhotoId] : []));
  const [stateRows, files, avatars] = await Promise.all([
    conversationsRepo.memberStates(db, conversationIds),
    filesOfMessages(db, messageIds),
    avatarIds.length > 0 ? avatarImages(db, avatarIds) : new Map<string, Image>(),
  ]);
  const states = new Map<string, MemberState[]>();
  for (const state of stateRows) {
    const list = states.get(state.conversationId) ?? [];
    list.push(state);
    states.set(state.conversationId, list);
  }
  return rows.map((row) => presentMessage(row, { states, files, avatars }));
}

/** These messages (by id) as the viewer sees them, ascending by conversation and sequence. */
export async function messagesFor(db: DbOrTx, viewerId: string, ids: readonly string[]): Promise<Message[]> {
  return presentMessageRows(db, await messagesRepo.messageViewsByIds(db, viewerId, ids));
}

/** One message as the viewer sees it. */
export async function messageFor(db: DbOrTx, viewerId: string, id: string): Promise<Message> {
  const [message] = await messagesFor(db, viewerId, [id]);
  if (!message) throw new Error(`message ${id} vanished`);
  return message;
}
