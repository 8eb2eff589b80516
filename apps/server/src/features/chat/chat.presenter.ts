import {
  REPLY_QUOTE_MAX_LENGTH,
  type ChatFile,
  type Conversation,
  type Message,
  type MessageQuote,
  type Presence,
} from '@motema/shared/chat';
import { avatarThumbnailOf, type AvatarThumbnail } from '@motema/shared/media';
import { activityOf } from '../discovery/discovery.presenter.ts';
import type { ConversationRow } from './conversations/conversations.repository.ts';
import type { MessageViewRow } from './messages/message-views.repository.ts';

export type MemberState = { userId: string; deliveredSeq: number; readSeq: number };

/** What a page of messages is presented with, each loaded once for the whole page (no N+1). */
export type MessageContext = {
  /** Both members' watermarks, by conversation id. */
  states: Map<string, MemberState[]>;
  files: Map<string, ChatFile[]>;
  /** Senders' avatars by photo id (an Image will do: only its thumbnail is sent). */
  avatars: Map<string, AvatarThumbnail>;
};

const nameOf = (firstName: string | null, lastName: string | null, username: string) =>
  [firstName, lastName].filter(Boolean).join(' ') || username;

/** At most REPLY_QUOTE_MAX_LENGTH characters (whole code points), an ellipsis ending a cut text. */
export function shorten(text: string): string {
  const chars = Array.from(text);
  return chars.length <= REPLY_QUOTE_MAX_LENGTH
    ? text
    : `${chars.slice(0, REPLY_QUOTE_MAX_LENGTH - 1).join('')}…`;
}

function presentQuote(row: MessageViewRow, files: Map<string, ChatFile[]>): MessageQuote | null {
  if (row.quoteId === null || row.quoteSeq === null || row.quoteSenderId === null) return null;
  const unsent = row.quoteUnsentAt !== null;
  return {
    _id: row.quoteId,
    seq: row.quoteSeq,
    sender: {
      _id: row.quoteSenderId,
      firstName: row.quoteSenderFirstName,
      name: nameOf(row.quoteSenderFirstName, row.quoteSenderLastName, row.quoteSenderUsername ?? ''),
    },
    text: unsent || row.quoteText === null ? null : shorten(row.quoteText),
    fileTypes: unsent ? [] : (files.get(row.quoteId) ?? []).map((file) => file.type),
    unsent,
  };
}

/** The sender's avatar as every message carries it: the thumbnail only (bar B6). */
function senderAvatar(row: MessageViewRow, context: MessageContext): AvatarThumbnail | null {
  const avatar = row.senderAvatarPhotoId ? context.avatars.get(row.senderAvatarPhotoId) : undefined;
  return avatar ? avatarThumbnailOf(avatar) : null;
}

/**
 * A message as one member sees it (Z2: names and avatar of the sender only). An unsent message keeps
 * its place without text or files. `deliveredTo` and `readBy` list the recipients whose watermark
 * reached the message's sequence.
 */
export function presentMessage(row: MessageViewRow, context: MessageContext): Message {
  const unsent = row.unsentAt !== null;
  const recipients = (context.states.get(row.conversationId) ?? []).filter(
    (state) => state.userId !== row.senderId,
  );
  return {
    _id: row.id,
    clientId: row.clientId,
    conversation: { _id: row.conversationId },
    seq: row.seq,
    sender: {
      _id: row.senderId,
      username: row.senderUsername,
      firstName: row.senderFirstName,
      name: nameOf(row.senderFirstName, row.senderLastName, row.senderUsername),
      avatar: senderAvatar(row, context),
    },
    text: unsent ? null : row.text,
    files: unsent ? [] : (context.files.get(row.id) ?? []),
    replyTo: presentQuote(row, context.files),
    deliveredTo: recipients.filter((s) => s.deliveredSeq >= row.seq).map((s) => ({ user: s.userId })),
    readBy: recipients.filter((s) => s.readSeq >= row.seq).map((s) => ({ user: s.userId })),
    important: row.important,
    unsent,
    editedAt: row.editedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A conversation for the viewer: the other member (with presence, for the header), the last message. */
export function presentConversation(
  row: ConversationRow,
  message: Message | null,
  avatar: AvatarThumbnail | null,
  now: Date,
): Conversation {
  return {
    _id: row.id,
    member: {
      _id: row.memberId,
      username: row.username,
      firstName: row.firstName,
      name: nameOf(row.firstName, row.lastName, row.username),
      avatar: avatar && avatarThumbnailOf(avatar),
      activity: activityOf(row.connected, row.lastActivity, now),
    },
    message,
    lastSeq: row.lastSeq,
    unread: row.unread,
    readSeq: row.readSeq,
    deliveredSeq: row.otherDeliveredSeq,
    otherReadSeq: row.otherReadSeq,
    updatedAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
  };
}

/** A member's presence for someone they chat with: the lists' coarse activity, never a timestamp. */
export function presenceOf(
  userId: string,
  connected: boolean,
  lastActivity: Date | null,
  now: Date,
): Presence {
  return { userId, activity: activityOf(connected, lastActivity, now) };
}
