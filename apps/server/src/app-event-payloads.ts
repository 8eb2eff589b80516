import type { ReactionEmoji } from '@motema/shared/chat';
import type { ScamFamily } from '@motema/shared/scam-shield';
import type { NotificationEntryKind } from '@motema/shared/notifications';
import type {
  ChatFileRow,
  CommentRow,
  LiveMessageRow,
  MediaItemRow,
  MessageRow,
  PhotoRow,
  UserRow,
} from './db/schema.ts';

/**
 * The values the event port's payloads carry (app-events.ts), declared here rather than in the
 * features that make them, so that the port imports no feature: chat, posts and notifications
 * name these types (and re-export them where their own code names them) instead of the port
 * importing theirs. The compiler holds each feature's values to them.
 */

/** A member's unread messages and the conversations holding them. */
export type UnreadTotals = { messages: number; conversations: number };

/** What a member was notified of since they last opened their notifications, by kind. */
export type NotificationCounts = Record<NotificationEntryKind, number>;

/**
 * What a member's badges count, the same on every device: unread messages and the conversations
 * holding them, and what they were notified of since they last opened their notifications, by kind.
 */
export type MemberCounters = { unread: UnreadTotals; notifications: NotificationCounts };

/** A member as posts, comments, requests and stories show them, with their avatar photo. */
export type PostMemberView = {
  id: string;
  username: string;
  firstName: string | null;
  avatarPhotoId: string | null;
  avatar: PhotoRow | null;
};

/** A comment with its author as the viewer is shown them, and whether the viewer liked it. */
export type CommentView = {
  comment: CommentRow;
  author: PostMemberView;
  postAuthorId: string;
  liked: boolean;
};

/** A member's watermarks in a conversation. */
export type MemberState = { userId: string; deliveredSeq: number; readSeq: number };

/** A member's reaction to a message. */
export type ReactionRow = { messageId: string; userId: string; emoji: ReactionEmoji };

/** What messages are shown with, loaded once for a whole list of them (no N+1). */
export type MessageContext = {
  /** Both members' watermarks, by conversation id. */
  states: ReadonlyMap<string, readonly MemberState[]>;
  /** Files by message id (of the messages and of the ones they quote), in attachment order. */
  files: ReadonlyMap<string, readonly ChatFileRow[]>;
  /** The senders' avatar photos, by photo id. */
  avatars: ReadonlyMap<string, PhotoRow>;
  /** Reactions by message id, oldest first (none for a message just sent). */
  reactions?: ReadonlyMap<string, readonly ReactionRow[]>;
  /** The pictures of the stories replied to that still last, by media item id. */
  storyItems?: ReadonlyMap<string, MediaItemRow>;
  /** The scam shield's families of the flagged messages the viewer received, by message id. */
  shields?: ReadonlyMap<string, readonly ScamFamily[]>;
};

/**
 * A message as one viewer reads it: its sender, the message it quotes (and its sender), the story it
 * replies to, their star.
 */
export type MessageViewRow = Pick<
  MessageRow,
  'id' | 'clientId' | 'conversationId' | 'seq' | 'senderId' | 'text' | 'createdAt' | 'editedAt' | 'unsentAt'
> & {
  senderUsername: UserRow['username'];
  senderFirstName: UserRow['firstName'];
  senderAvatarPhotoId: UserRow['avatarPhotoId'];
  quoteId: MessageRow['id'] | null;
  quoteSeq: MessageRow['seq'] | null;
  quoteText: MessageRow['text'] | null;
  quoteUnsentAt: MessageRow['unsentAt'];
  quoteSenderId: MessageRow['senderId'] | null;
  quoteSenderUsername: UserRow['username'] | null;
  quoteSenderFirstName: UserRow['firstName'];
  important: boolean;
  /** The story it replies to (null once deleted), its picture's item and its end; all null for others. */
  storyId: string | null;
  storyItemId: string | null;
  storyEndsAt: Date | null;
};

/**
 * A message as one viewer sees it (their own star, nothing they hid) with what it is shown with:
 * chat.presenter.ts's presentMessage makes it the member's JSON. Messages of one list share a context.
 */
export type MessageView = { row: MessageViewRow; context: MessageContext };

/**
 * `chat.message.flagged`: the scam shield flagged a new message (features/chat/scam-shield); the
 * moderation feature opens or feeds the sender's case with source 'shield'.
 */
export type MessageFlagged = { senderId: string; messageId: string; families: ScamFamily[] };

/** A message of a live's chat with its sender as members are shown them. */
export type LiveMessageView = { row: LiveMessageRow; sender: PostMemberView };
