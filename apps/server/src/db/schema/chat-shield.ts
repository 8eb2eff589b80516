import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations, messages } from './chat.ts';
import { users } from './users.ts';

// Owned by the chat feature (its scam shield, docs/scam-shield.md): only its repositories write these tables.

/**
 * The scam shield's families of a flagged message (features/chat/scam-shield): shown to its recipient
 * as a safety banner, never to its sender. Gone with the message.
 */
export const messageShields = pgTable('message_shields', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  families: text('families').array().notNull(),
});

/**
 * A message a restricted member sent to a stranger (a moderator's "restrict": users.restricted_until):
 * stored as it was sent, delivered to nobody until staff release it (then it is sent as any message,
 * under its own client id, so a second release finds it stored) or drop it.
 */
export const heldMessages = pgTable(
  'held_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    text: text('text'),
    fileIds: uuid('file_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    replyToId: uuid('reply_to_id'),
    families: text('families')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A retry of a held send finds it.
    uniqueIndex('held_messages_sender_client_key').on(table.senderId, table.clientId),
    index('held_messages_created_at_idx').on(table.createdAt),
  ],
);

export type HeldMessageRow = typeof heldMessages.$inferSelect;
