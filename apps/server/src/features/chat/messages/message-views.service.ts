import type { Message, MessagePage, MessagesQuery } from '@motema/shared/chat';
import { avatarThumbnailOf, type AvatarThumbnail, type Image } from '@motema/shared/media';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { presentImages } from '../../media/media.presenter.ts';
import { avatarPhotos } from '../../media/media.service.ts';
import { conversationAccess } from '../chat-access.repository.ts';
import { conversationNotFound } from '../chat-errors.ts';
import { filesOfMessages } from '../files/chat-files.service.ts';
import { presentMessage, type MemberState } from '../chat.presenter.ts';
import * as conversationsRepo from '../conversations/conversations.repository.ts';
import * as messagesRepo from './message-views.repository.ts';

/**
 * A page of the conversation as the viewer sees it, in ascending sequence (see MessagesQuerySchema):
 * the latest page, history `before` a sequence, or catch-up `after` one. Hidden messages left out.
 */
export async function messagePage(
  db: Db,
  viewerId: string,
  conversationId: string,
  query: MessagesQuery,
): Promise<MessagePage> {
  const access = await conversationAccess(db, conversationId, viewerId);
  if (!access || access.blocked) throw conversationNotFound();
  const [rows, count] = await Promise.all([
    messagesRepo.messagePage(db, viewerId, conversationId, query),
    messagesRepo.countVisible(db, viewerId, conversationId, query.important),
  ]);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (query.after === undefined) page.reverse();
  return { messages: await presentMessageRows(db, page), count, hasMore };
}

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
    avatarIds.length > 0 ? avatarPhotos(db, avatarIds).then(presentImages) : new Map<string, Image>(),
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

/**
 * Photos never change once stored: the avatar a message carries (its thumbnail only, as
 * presentMessage sends it) is kept by photo id (bounded).
 */
const avatarCache = new Map<string, AvatarThumbnail>();
const AVATAR_CACHE_MAX = 10_000;

async function avatarOf(db: DbOrTx, photoId: string | null): Promise<AvatarThumbnail | null> {
  if (!photoId) return null;
  const cached = avatarCache.get(photoId);
  if (cached) return cached;
  const image = presentImages(await avatarPhotos(db, [photoId])).get(photoId);
  if (!image) return null;
  const avatar = avatarThumbnailOf(image);
  if (avatarCache.size >= AVATAR_CACHE_MAX) avatarCache.clear();
  avatarCache.set(photoId, avatar);
  return avatar;
}

/**
 * A message just stored (no files, no reply, seen by nobody yet, starred by nobody) as its sender
 * sees it, from what the send already knows: the same object `messageFor` would present.
 */
export async function newMessageFor(
  db: DbOrTx,
  message: {
    id: string;
    seq: number;
    clientId: string;
    conversationId: string;
    senderId: string;
    text: string | null;
    createdAt: Date;
  },
  sender: {
    username: string;
    firstName: string | null;
    lastName: string | null;
    avatarPhotoId: string | null;
  },
): Promise<Message> {
  const avatar = await avatarOf(db, sender.avatarPhotoId);
  const row: messagesRepo.MessageViewRow = {
    ...message,
    editedAt: null,
    unsentAt: null,
    senderUsername: sender.username,
    senderFirstName: sender.firstName,
    senderLastName: sender.lastName,
    senderAvatarPhotoId: avatar ? sender.avatarPhotoId : null,
    quoteId: null,
    quoteSeq: null,
    quoteText: null,
    quoteUnsentAt: null,
    quoteSenderId: null,
    quoteSenderUsername: null,
    quoteSenderFirstName: null,
    quoteSenderLastName: null,
    important: false,
  };
  const avatars = new Map<string, AvatarThumbnail>(
    avatar && sender.avatarPhotoId ? [[sender.avatarPhotoId, avatar]] : [],
  );
  return presentMessage(row, { states: new Map(), files: new Map(), avatars });
}
