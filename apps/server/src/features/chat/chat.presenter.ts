import {
  REPLY_QUOTE_MAX_LENGTH,
  type Conversation,
  type ConversationList,
  type Message,
  type MessagePage,
  type MessageQuote,
  type MessageReaction,
  type MessageStory,
  type Presence,
} from '@motema/shared/chat';
import { avatarThumbnailOf, type AvatarThumbnail } from '@motema/shared/media';
import { publicNameOf } from '@motema/shared/member-name';
import { storyMediaBaseUrl } from '@motema/shared/posts';
import type { ChatFileRow, PhotoRow } from '../../db/schema.ts';
import { activityOf } from '../discovery/discovery.presenter.ts';
import { presentMediaItem } from '../media/media-items.presenter.ts';
import { presentImage } from '../media/media.presenter.ts';
import type { ConversationView } from './conversations/conversations.service.ts';
import { presentChatFile } from './files/chat-files.presenter.ts';
import type { ReactionRow } from './messages/message-reactions.repository.ts';
import type { MessageViewRow } from './messages/message-views.repository.ts';
import { storyLasts, type MessagePageView, type MessageView } from './messages/message-views.service.ts';

/** At most REPLY_QUOTE_MAX_LENGTH characters (whole code points), an ellipsis ending a cut text. */
export function shorten(text: string): string {
  const chars = Array.from(text);
  return chars.length <= REPLY_QUOTE_MAX_LENGTH
    ? text
    : `${chars.slice(0, REPLY_QUOTE_MAX_LENGTH - 1).join('')}…`;
}

function presentQuote(
  row: MessageViewRow,
  files: ReadonlyMap<string, readonly ChatFileRow[]>,
): MessageQuote | null {
  if (row.quoteId === null || row.quoteSeq === null || row.quoteSenderId === null) return null;
  const unsent = row.quoteUnsentAt !== null;
  return {
    _id: row.quoteId,
    seq: row.quoteSeq,
    sender: {
      _id: row.quoteSenderId,
      firstName: row.quoteSenderFirstName,
      name: publicNameOf({ firstName: row.quoteSenderFirstName, username: row.quoteSenderUsername ?? '' }),
    },
    text: unsent || row.quoteText === null ? null : shorten(row.quoteText),
    fileTypes: unsent ? [] : (files.get(row.quoteId) ?? []).map((file) => file.kind),
    unsent,
  };
}

/**
 * A member's avatar as messages and conversations carry it: the thumbnail only (bar B6). Kept per
 * photo row object: a page's messages share their senders' rows, and so do the sends of a member
 * (the send path's avatar cache), so each row is presented once.
 */
const thumbnails = new WeakMap<PhotoRow, AvatarThumbnail>();
function avatarThumbnail(photo: PhotoRow): AvatarThumbnail {
  let thumbnail = thumbnails.get(photo);
  if (!thumbnail) {
    thumbnail = avatarThumbnailOf(presentImage(photo));
    thumbnails.set(photo, thumbnail);
  }
  return thumbnail;
}

function senderAvatar({ row, context }: MessageView): AvatarThumbnail | null {
  const avatar = row.senderAvatarPhotoId ? context.avatars.get(row.senderAvatarPhotoId) : undefined;
  return avatar ? avatarThumbnail(avatar) : null;
}

/** Each view presented once: a new message's ack and its event to the members' rooms share one. */
const presented = new WeakMap<MessageView, Message>();

/**
 * A message as one member sees it (Z2: names and avatar of the sender only). An unsent message keeps
 * its place without text or files. `deliveredTo` and `readBy` list the recipients whose watermark
 * reached the message's sequence. A view is a snapshot: presenting it again gives the same object.
 */
export function presentMessage(view: MessageView): Message {
  let message = presented.get(view);
  if (!message) presented.set(view, (message = presentView(view)));
  return message;
}

function presentView(view: MessageView): Message {
  const { row, context } = view;
  const unsent = row.unsentAt !== null;
  const reactions = unsent ? undefined : context.reactions?.get(row.id);
  // Loaded for the viewer's received messages only (the sender never learns of it).
  const shield = unsent ? undefined : context.shields?.get(row.id);
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
      name: publicNameOf({ firstName: row.senderFirstName, username: row.senderUsername }),
      avatar: senderAvatar(view),
    },
    text: unsent ? null : row.text,
    files: unsent ? [] : (context.files.get(row.id) ?? []).map(presentChatFile),
    replyTo: presentQuote(row, context.files),
    deliveredTo: recipients.filter((s) => s.deliveredSeq >= row.seq).map((s) => ({ user: s.userId })),
    readBy: recipients.filter((s) => s.readSeq >= row.seq).map((s) => ({ user: s.userId })),
    important: row.important,
    unsent,
    editedAt: row.editedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(reactions?.length ? { reactions: presentReactions(reactions) } : {}),
    ...(row.storyEndsAt !== null ? { story: presentMessageStory(view) } : {}),
    ...(shield ? { shield: { families: [...shield] } } : {}),
  };
}

/**
 * The story a message replied to: its picture (a photo, a video's poster) at the story's own media
 * route, which checks each viewer's access (Z5), while it lasts; null once it ended or was deleted.
 */
function presentMessageStory({ row, context }: MessageView): MessageStory {
  const item = storyLasts(row) ? context.storyItems?.get(row.storyItemId!) : undefined;
  return { image: item ? presentMediaItem(item, storyMediaBaseUrl(row.storyId!, item.id)).image : null };
}

/** Reactions as both members see them: who, and which emoji. */
export function presentReactions(reactions: readonly ReactionRow[]): MessageReaction[] {
  return reactions.map((reaction) => ({ user: reaction.userId, emoji: reaction.emoji }));
}

/** A page of a conversation's messages, as its viewer sees them. */
export function presentMessagePage(page: MessagePageView): MessagePage {
  return { messages: page.messages.map(presentMessage), count: page.count, hasMore: page.hasMore };
}

/** A conversation for the viewer: the other member (with presence, for the header), the last message. */
export function presentConversation(view: ConversationView, now: Date): Conversation {
  const { row, lastMessage, avatar } = view;
  return {
    _id: row.id,
    member: {
      _id: row.memberId,
      username: row.username,
      firstName: row.firstName,
      name: publicNameOf(row),
      avatar: avatar && avatarThumbnail(avatar),
      activity: activityOf(row.connected, row.lastActivity, now),
      verified: row.verified,
    },
    message: lastMessage && presentMessage(lastMessage),
    lastSeq: row.lastSeq,
    unread: row.unread,
    readSeq: row.readSeq,
    deliveredSeq: row.otherDeliveredSeq,
    otherReadSeq: row.otherReadSeq,
    updatedAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
    request: row.request,
  };
}

/** A page of the viewer's conversations. */
export function presentConversationList(
  list: { conversations: ConversationView[]; count: number },
  now: Date,
): ConversationList {
  return {
    conversations: list.conversations.map((view) => presentConversation(view, now)),
    count: list.count,
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
