import type { MessagesQuery } from '@motema/shared/chat';
import type { MemberState, MessageContext, MessageView } from '../../../app-event-payloads.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { MediaItemRow, PhotoRow } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { mediaItemsByIds } from '../../media/media-items.service.ts';
import { avatarPhotos } from '../../media/media.service.ts';
import { conversationAccess } from '../chat-access.repository.ts';
import { conversationNotFound } from '../chat-errors.ts';
import { shieldsSeenBy } from '../scam-shield/shield.repository.ts';
import { filesOfMessages } from '../files/chat-files.service.ts';
import * as conversationsRepo from '../conversations/conversations.repository.ts';
import { reactionsOf, type ReactionRow } from './message-reactions.repository.ts';
import * as messagesRepo from './message-views.repository.ts';

// A message as one viewer sees it, with what it is shown with: the event port's types (the
// message.stored and message.changed events carry it).
export type { MemberState, MessageContext, MessageView };

export type MessagePageView = { messages: MessageView[]; count: number; hasMore: boolean };

/**
 * A page of the conversation as the viewer sees it, in ascending sequence (see MessagesQuerySchema):
 * the latest page, history `before` a sequence, or catch-up `after` one. Hidden messages left out.
 */
export async function messagePage(
  db: Db,
  viewerId: string,
  conversationId: string,
  query: MessagesQuery,
): Promise<MessagePageView> {
  const access = await conversationAccess(db, conversationId, viewerId);
  if (!access || access.blocked) throw conversationNotFound();
  const [rows, count] = await Promise.all([
    messagesRepo.messagePage(db, viewerId, conversationId, query),
    messagesRepo.countVisible(db, viewerId, conversationId, query.important),
  ]);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (query.after === undefined) page.reverse();
  return { messages: await viewsOf(db, viewerId, page), count, hasMore };
}

/** A reply to a story that has neither ended nor been deleted (its author's deletion empties the ids). */
export const storyLasts = (row: messagesRepo.MessageViewRow, now = clock.now()) =>
  row.storyId !== null && row.storyItemId !== null && row.storyEndsAt !== null && row.storyEndsAt > now;

/**
 * Rows of messages with their context, in batched queries whatever their number: watermarks, files
 * (the messages' and the quoted ones'), avatars, reactions, and the pictures of the stories replied to.
 */
async function viewsOf(
  db: DbOrTx,
  viewerId: string,
  rows: readonly messagesRepo.MessageViewRow[],
): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const conversationIds = [...new Set(rows.map((row) => row.conversationId))];
  const messageIds = [...new Set(rows.flatMap((row) => (row.quoteId ? [row.id, row.quoteId] : [row.id])))];
  const avatarIds = rows.flatMap((row) => (row.senderAvatarPhotoId ? [row.senderAvatarPhotoId] : []));
  const storyItemIds = rows.flatMap((row) => (storyLasts(row) ? [row.storyItemId!] : []));
  const [stateRows, files, avatars, reactionRows, storyItems, shields] = await Promise.all([
    conversationsRepo.memberStates(db, conversationIds),
    filesOfMessages(db, messageIds),
    avatarIds.length > 0 ? avatarPhotos(db, avatarIds) : new Map<string, PhotoRow>(),
    reactionsOf(
      db,
      rows.map((row) => row.id),
    ),
    storyItemIds.length > 0 ? mediaItemsByIds(db, storyItemIds) : new Map<string, MediaItemRow>(),
    // The scam shield's banners, on the messages the viewer received only.
    shieldsSeenBy(
      db,
      viewerId,
      rows.map((row) => row.id),
    ),
  ]);
  const states = new Map<string, MemberState[]>();
  for (const state of stateRows) {
    const list = states.get(state.conversationId) ?? [];
    list.push(state);
    states.set(state.conversationId, list);
  }
  const reactions = new Map<string, ReactionRow[]>();
  for (const reaction of reactionRows) {
    reactions.set(reaction.messageId, [...(reactions.get(reaction.messageId) ?? []), reaction]);
  }
  const context: MessageContext = { states, files, avatars, reactions, storyItems, shields };
  return rows.map((row) => ({ row, context }));
}

/** These messages (by id) as the viewer sees them, ascending by conversation and sequence. */
export async function messagesFor(
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
): Promise<MessageView[]> {
  return viewsOf(db, viewerId, await messagesRepo.messageViewsByIds(db, viewerId, ids));
}

/** One message as the viewer sees it. */
export async function messageFor(db: DbOrTx, viewerId: string, id: string): Promise<MessageView> {
  const [message] = await messagesFor(db, viewerId, [id]);
  if (!message) throw new Error(`message ${id} vanished`);
  return message;
}

/**
 * Photos never change once stored: a sender's avatar photo is kept by photo id (bounded), so a new
 * message costs no query for it. A cache of stored rows, never of anything a transaction decides.
 * Kept as the one-entry map a new message's context holds, so that a message makes none of its own:
 * its maps lived as long as the message waited for its group's commit, and at saturation most were
 * promoted to the old generation with it (bench/README.md, B3).
 */
const avatarCache = new Map<string, ReadonlyMap<string, PhotoRow>>();
const AVATAR_CACHE_MAX = 10_000;

/** The context's maps of a message just stored: nothing seen, no file, no avatar (never written to). */
const NOTHING: ReadonlyMap<string, never> = new Map<string, never>();

async function avatarsOf(db: DbOrTx, photoId: string | null): Promise<ReadonlyMap<string, PhotoRow>> {
  if (!photoId) return NOTHING;
  const cached = avatarCache.get(photoId);
  if (cached) return cached;
  const photo = (await avatarPhotos(db, [photoId])).get(photoId);
  if (!photo) return NOTHING;
  if (avatarCache.size >= AVATAR_CACHE_MAX) avatarCache.clear();
  const avatars = new Map([[photoId, photo]]);
  avatarCache.set(photoId, avatars);
  return avatars;
}

/**
 * A message just stored (no files, no reply, seen by nobody yet, starred by nobody) as its sender
 * sees it, from what the send already knows: presented, the same object as `messageFor`'s view.
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
    avatarPhotoId: string | null;
  },
): Promise<MessageView> {
  const avatars = await avatarsOf(db, sender.avatarPhotoId);
  const row: messagesRepo.MessageViewRow = {
    ...message,
    editedAt: null,
    unsentAt: null,
    senderUsername: sender.username,
    senderFirstName: sender.firstName,
    senderAvatarPhotoId: avatars.size > 0 ? sender.avatarPhotoId : null,
    quoteId: null,
    quoteSeq: null,
    quoteText: null,
    quoteUnsentAt: null,
    quoteSenderId: null,
    quoteSenderUsername: null,
    quoteSenderFirstName: null,
    important: false,
    storyId: null,
    storyItemId: null,
    storyEndsAt: null,
  };
  return { row, context: { states: NOTHING, files: NOTHING, avatars } };
}
