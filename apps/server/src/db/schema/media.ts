import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by the media feature: only its repositories write these tables; other features go through its service.

/** One served file of a photo: a width in one format, under a random storage key. */
export type PhotoVariant = {
  width: number;
  height: number;
  type: 'image/avif' | 'image/webp';
  key: string;
  bytes: number;
};

/** A member's photo: re-encoded variants only (the upload itself is never stored). */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A tiny blurred WebP as a data: URI. */
    placeholder: text('placeholder').notNull(),
    variants: jsonb('variants').$type<PhotoVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('photos_owner_idx').on(table.ownerId, table.createdAt)],
);

export type PhotoRow = typeof photos.$inferSelect;
