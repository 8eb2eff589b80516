import { z } from 'zod';
import { ActivitySchema } from './discovery.ts';
import { CONVERSATIONS_LIMIT } from './limits.ts';
import { AvatarThumbnailSchema, ImageSchema, PHOTO_ACCEPTED_TYPES, PHOTO_MAX_BYTES } from './media.ts';
import { memberText } from './member-text.ts';
import { MessageShieldSchema } from './scam-shield.ts';
import { SkipSchema } from './paging.ts';

/** Chat (QUALITY C1–C3, Z3, Z5): one-to-one conversations, messages with a per-conversation sequence. */
export const MESSAGE_TEXT_MAX_LENGTH = 4000;
export const MESSAGE_FILES_MAX = 10;
/** History pages backwards by sequence, this many messages a page. */
export const MESSAGES_PAGE_SIZE = 50;
/** Catch-up (`after`) and history (`before`) pages are at most this long; the client asks again for more. */
export const MESSAGES_MAX_PAGE = 200;
/** Messages a member may send per minute (QUALITY R1); retries of an already stored message are free. */
export const MESSAGES_PER_MINUTE = 300;
/** A typing indicator with no refresh from the typist disappears after this long. */
export const TYPING_TIMEOUT_MS = 5_000;
/** The client sends `typing: true` again at most this often while the member keeps typing. */
export const TYPING_THROTTLE_MS = 2_000;
/** How long the client waits for a send's ack before it treats the attempt as lost and retries. */
export const MESSAGE_ACK_TIMEOUT_MS = 10_000;
/** A quoted reply shows at most this many characters of the message it answers. */
export const REPLY_QUOTE_MAX_LENGTH = 160;

/** The reactions on a message, in the menu's order: one per member (another replaces it). */
export const REACTION_EMOJIS = ['❤️', '😂', '😮', '😢', '🙏', '👍'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];
export const ReactionEmojiSchema = z.enum(REACTION_EMOJIS, { error: 'invalid_value' });

/** PUT /api/messages/{id}/reaction: the member's reaction on the message. */
export const ReactionSchema = z.object({ emoji: ReactionEmojiSchema });

export const MessageReactionSchema = z.object({ user: z.string(), emoji: ReactionEmojiSchema });
export type MessageReaction = z.infer<typeof MessageReactionSchema>;

/** `chats:messages:reactions`: a message's reactions now, to both members of its conversation. */
export const ReactionsEventSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  reactions: z.array(MessageReactionSchema),
});
export type ReactionsEvent = z.infer<typeof ReactionsEventSchema>;

export const CHAT_FILE_KINDS = ['photo', 'voice', 'video', 'audio'] as const;
export type ChatFileKind = (typeof CHAT_FILE_KINDS)[number];
export const CHAT_FILE_MAX_BYTES: Record<ChatFileKind, number> = {
  photo: PHOTO_MAX_BYTES,
  voice: 5 * 1024 * 1024,
  audio: 20 * 1024 * 1024,
  video: 30 * 1024 * 1024,
};
/** A voice note recorded in the browser stops by itself after this long. */
export const VOICE_NOTE_MAX_SECONDS = 180;
/** Types found from the file's bytes (never its name or declared type), per kind. */
export const CHAT_FILE_ACCEPTED_TYPES: Record<ChatFileKind, readonly string[]> = {
  photo: PHOTO_ACCEPTED_TYPES,
  voice: ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/aac'],
  audio: ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/webm', 'audio/wav', 'audio/aac', 'audio/flac'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
};

/** A file of a message. Photos carry an Image (srcset variants); other kinds a `url`. */
export const ChatFileSchema = z.object({
  _id: z.string(),
  type: z.enum(CHAT_FILE_KINDS),
  mimeType: z.string(),
  bytes: z.int(),
  durationMs: z.int().nullable(),
  image: ImageSchema.nullable(),
  url: z.string().nullable(),
});
export type ChatFile = z.infer<typeof ChatFileSchema>;

/** Answer of POST /api/conversations/{id}/files: the file, stored and not yet attached to a message. */
export const ChatFileUploadSchema = z.object({ file: ChatFileSchema });

export const MessageSenderSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  /** The first name, else the username; never the last name (publicNameOf, QUALITY Z2). */
  name: z.string(),
  /** The thumbnail only: it rides on every message (bar B6). */
  avatar: AvatarThumbnailSchema.nullable(),
});
export type MessageSender = z.infer<typeof MessageSenderSchema>;

/** The message a reply quotes, shortened. `unsent` when its sender took it back. */
export const MessageQuoteSchema = z.object({
  _id: z.string(),
  seq: z.int(),
  sender: z.object({ _id: z.string(), firstName: z.string().nullable(), name: z.string() }),
  text: z.string().nullable(),
  fileTypes: z.array(z.enum(CHAT_FILE_KINDS)),
  unsent: z.boolean(),
});
export type MessageQuote = z.infer<typeof MessageQuoteSchema>;

/** The story a message replied to, as both members see it (never who else may see it). */
export const MessageStorySchema = z.object({ image: ImageSchema.nullable() });
export type MessageStory = z.infer<typeof MessageStorySchema>;

/**
 * A message as one member sees it (SPEC.md section 3). `important` is that member's own star.
 * An unsent message keeps its place with `unsent: true`, no text and no files ("message removed").
 */
export const MessageSchema = z.object({
  _id: z.string(),
  clientId: z.string(),
  conversation: z.object({ _id: z.string() }),
  seq: z.int(),
  sender: MessageSenderSchema,
  text: z.string().nullable(),
  files: z.array(ChatFileSchema),
  replyTo: MessageQuoteSchema.nullable(),
  deliveredTo: z.array(z.object({ user: z.string() })),
  readBy: z.array(z.object({ user: z.string() })),
  important: z.boolean(),
  unsent: z.boolean(),
  editedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Both members' reactions (left out when nobody reacted, as on a message just sent). */
  reactions: z.array(MessageReactionSchema).optional(),
  /**
   * A reply to a story (POST /api/stories/{id}/replies): the story's picture while it lasts and its
   * audience holds both members, `image` null once it ended or was deleted. Left out otherwise.
   */
  story: MessageStorySchema.optional(),
  /** Present on the recipient's copy of a message the scam shield flagged; never on the sender's. */
  shield: MessageShieldSchema.optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/**
 * The other member of a conversation, as its header and the list show them: how recently active as
 * the lists say it ("online", "today", "week", "earlier"), never a timestamp (QUALITY Z2).
 */
export const ConversationMemberSchema = MessageSenderSchema.extend({
  activity: ActivitySchema,
  /** A moderator approved their selfie (verification.ts): the badge of the list and the header. */
  verified: z.boolean(),
});
export type ConversationMember = z.infer<typeof ConversationMemberSchema>;

/**
 * A conversation for one member: the other member, the last message (`message`, SPEC.md), the
 * member's unread count, and the other member's receipt watermarks (every message of the viewer with
 * `seq <= deliveredSeq` reached them; `<= readSeq` was read).
 */
export const ConversationSchema = z.object({
  _id: z.string(),
  member: ConversationMemberSchema,
  message: MessageSchema.nullable(),
  lastSeq: z.int(),
  unread: z.int(),
  /** The viewer's own read watermark. */
  readSeq: z.int(),
  deliveredSeq: z.int(),
  otherReadSeq: z.int(),
  updatedAt: z.string(),
  /**
   * A message request: the other member wrote, the viewer has never answered and they do not match.
   * The app lists these apart ("Requests"); answering or matching makes it an ordinary conversation.
   */
  request: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListSchema = z.object({
  conversations: z.array(ConversationSchema),
  count: z.int(),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const ConversationListQuerySchema = z.object({
  skip: SkipSchema,
  limit: z.coerce
    .number({ error: 'must_be_numeric' })
    .int({ error: 'must_be_numeric' })
    .min(1, { error: 'invalid_value' })
    .max(CONVERSATIONS_LIMIT, { error: 'invalid_value' })
    .default(CONVERSATIONS_LIMIT),
  /** `requests`: only message requests; `main`: all but them; none: every conversation. */
  folder: z.enum(['main', 'requests'], { error: 'invalid_value' }).optional(),
});

/** POST /api/conversations: find or start the conversation with this member. */
export const StartConversationSchema = z.object({ user: z.uuid({ error: 'invalid_value' }) });

const seqParam = z.coerce
  .number({ error: 'must_be_numeric' })
  .int({ error: 'must_be_numeric' })
  .min(0, { error: 'invalid_value' })
  .max(2 ** 31 - 1, { error: 'invalid_value' });

/**
 * GET /api/conversations/{id}/messages: with no cursor the latest page; `before` pages backwards
 * (history), `after` forwards (catch-up after a reconnect). Messages are always in ascending `seq`.
 * `important=true` keeps only the viewer's starred messages.
 */
export const MessagesQuerySchema = z
  .object({
    before: seqParam.optional(),
    after: seqParam.optional(),
    limit: z.coerce
      .number({ error: 'must_be_numeric' })
      .int({ error: 'must_be_numeric' })
      .min(1, { error: 'invalid_value' })
      .max(MESSAGES_MAX_PAGE, { error: 'invalid_value' })
      .default(MESSAGES_PAGE_SIZE),
    important: z
      .enum(['true', 'false'], { error: 'invalid_value' })
      .transform((value) => value === 'true')
      .optional(),
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    error: 'invalid_value',
    path: ['after'],
  });
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>;

/** `count`: the visible messages of the conversation matching the query; `hasMore`: another page exists in that direction. */
export const MessagePageSchema = z.object({
  messages: z.array(MessageSchema),
  count: z.int(),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

// PostgreSQL text cannot hold a NUL character (HTTP requests are refused by the server's hook;
// socket events come through here). A message is prose: no direction override, not invisible only.
const messageText = z
  .string({ error: 'invalid_value' })
  .trim()
  .max(MESSAGE_TEXT_MAX_LENGTH, { error: 'max_length' })
  .refine((text) => !text.includes('\u0000'), { error: 'invalid_value' })
  .superRefine(memberText('prose'));

/** `chats:messages:send`: `clientId` is made once by the sender's app and reused on every retry (C1). */
export const SendMessageSchema = z
  .object({
    clientId: z.uuid({ error: 'invalid_value' }),
    conversationId: z.uuid({ error: 'invalid_value' }),
    text: messageText.optional(),
    files: z
      .array(z.uuid({ error: 'invalid_value' }))
      .max(MESSAGE_FILES_MAX, { error: 'max_length' })
      .optional(),
    replyTo: z.uuid({ error: 'invalid_value' }).optional(),
    /** The sender saw "review before you send" and sends it anyway (409 review_before_send otherwise). */
    confirmed: z.boolean({ error: 'invalid_value' }).optional(),
  })
  .refine((message) => (message.text?.length ?? 0) > 0 || (message.files?.length ?? 0) > 0, {
    error: 'message_empty',
    path: ['text'],
  });
export type SendMessage = z.input<typeof SendMessageSchema>;

/** PATCH /api/messages/{id}: a member edits the text of their own message. */
export const EditMessageSchema = z.object({
  text: messageText.min(1, { error: 'message_empty' }),
});

/** PUT /api/messages/{id}/important: the member's own star on a message. */
export const ImportantSchema = z.object({ important: z.boolean({ error: 'invalid_value' }) });

/** `chats:messages:deliver` and `chats:messages:read`: every message up to `seq` reached / was read. */
export const ReceiptSchema = z.object({
  conversationId: z.uuid({ error: 'invalid_value' }),
  seq: seqParam,
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** Sent to both members when either watermark moves (it never moves backwards). */
export const ReceiptEventSchema = z.object({
  conversationId: z.string(),
  userId: z.string(),
  deliveredSeq: z.int(),
  readSeq: z.int(),
});
export type ReceiptEvent = z.infer<typeof ReceiptEventSchema>;

export const TypingSchema = z.object({
  conversationId: z.uuid({ error: 'invalid_value' }),
  typing: z.boolean({ error: 'invalid_value' }),
});
export type Typing = z.infer<typeof TypingSchema>;

export const PresenceWatchSchema = z.object({ userId: z.uuid({ error: 'invalid_value' }) });
/** A watched member's presence: the same coarse activity as in the lists and the conversation. */
export const PresenceSchema = z.object({
  userId: z.string(),
  activity: ActivitySchema,
});
export type Presence = z.infer<typeof PresenceSchema>;
