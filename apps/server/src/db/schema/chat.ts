import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { mediaItems, type PhotoVariant } from './media.ts';
import { stories } from './posts.ts';
import { users } from './users.ts';

// Owned by the chat feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// conversationMembers may be read by: notifications.
// messages may be read by: notifications.
// conversations may be read by: discovery.

/**
 * A one-to-one conversation. `pairKey` (the two member ids, sorted, joined by ':') makes starting a
 * chat idempotent. `lastSeq` is the sequence of its newest message: a sender locks this row to take
 * the next number, which keeps sequences gap-free and increasing (QUALITY C1, C3).
 */
export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  pairKey: text('pair_key').notNull().unique(),
  lastSeq: integer('last_seq').notNull().default(0),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member of a conversation and their state in it: the watermarks of what reached them
 * (`deliveredSeq`) and what they read (`readSeq`), which only move forwards, and their unread count.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredSeq: integer('delivered_seq').notNull().default(0),
    readSeq: integer('read_seq').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    /**
     * When the other member first wrote to this one (null until then): from then on this member may
     * write freely in the conversation, whatever the paywall says (features/billing/paywall). Set by the
     * send that counts the message unread, in the same UPDATE, so it costs the send nothing.
     */
    firstReceivedAt: timestamp('first_received_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_members_user_idx').on(table.userId, table.conversationId),
  ],
);

/**
 * A message, stored once per (sender, clientId). `seq` numbers a conversation's messages 1, 2, 3...
 * An unsent message keeps its row and sequence with `unsentAt` set, its text and files removed.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    text: text('text'),
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    unsentAt: timestamp('unsent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('messages_conversation_seq_key').on(table.conversationId, table.seq),
    uniqueIndex('messages_sender_client_key').on(table.senderId, table.clientId),
    check('messages_seq_positive', sql`${table.seq} > 0`),
  ],
);

/**
 * A message sent as a reply to a story (POST /api/stories/{id}/replies): which story, its picture's
 * media item, and when the story ends. The story and the item go when the author deletes the story or
 * it is swept after its end; the message keeps saying it replied to one.
 */
export const messageStories = pgTable(
  'message_stories',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id').references(() => stories.id, { onDelete: 'set null' }),
    itemId: uuid('item_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  // Deleting a story or a media item finds its replies by index, not by a scan of them all.
  (table) => [
    index('message_stories_story_idx').on(table.storyId),
    index('message_stories_item_idx').on(table.itemId),
  ],
);
export type MessageStoryRow = typeof messageStories.$inferSelect;

/** A stored file of a stream kind (voice, audio, video): the original bytes under one random key. */
export type StreamVariant = { key: string; type: string; bytes: number };

/**
 * A file sent in a conversation. Uploaded first (`messageId` null), then attached by the message that
 * carries it. Only the conversation's members may fetch it (QUALITY Z5).
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['photo', 'voice', 'video', 'audio'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    /** Photos: a tiny blurred WebP data: URI. */
    placeholder: text('placeholder'),
    /** Photos: the re-encoded variants; other kinds: the one stored file. */
    variants: jsonb('variants').$type<PhotoVariant[] | StreamVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_files_message_idx').on(table.messageId),
    index('chat_files_conversation_idx').on(table.conversationId, table.createdAt),
    index('chat_files_uploader_idx').on(table.uploaderId, table.createdAt),
  ],
);

/** "Delete for me": the message stays for the other member. */
export const messageHides = pgTable(
  'message_hides',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.messageId] })],
);

/** A member's own star ("important") on a message. */
export const messageStars = pgTable(
  'message_stars',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.messageId] })],
);

/**
 * A member's reaction on a message of their conversation: one per member and message (a new one
 * replaces it). The emoji is one of REACTION_EMOJIS (packages/shared/src/chat.ts), checked on the way in.
 */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ChatFileRow = typeof chatFiles.$inferSelect;
