import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Owned by the dev feature: only its repositories write these tables; other features go through its service.

/** Mails and SMS kept in the database when no SMTP server or SMS provider is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_created_idx').on(table.createdAt)],
);

export type OutboxRow = typeof outbox.$inferSelect;
