import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by the media feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// photos may be read by: users.
// mediaItems may be read by: posts.

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

/** One served file of a video or an audio (MP4 with fast start, or the audio codec of decision 0029). */
export type MediaItemVariant = {
  quality: 'standard' | 'saver';
  type: string;
  key: string;
  bytes: number;
  width: number | null;
  height: number | null;
};

/**
 * An upload for a post or a story: a photo (encoded at once), a video or an audio (encoded by the
 * media worker: `processing` until then). `image` holds a photo's variants or a video's poster.
 * Files live under `folder` (media/{ownerId}/{random}/). `claimedAt` is set when a post or a story
 * takes it (at most once); unclaimed uploads are removed after a day.
 */
export const mediaItems = pgTable(
  'media_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['photo', 'video', 'audio'] }).notNull(),
    use: text('use', { enum: ['post', 'story'] }).notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull(),
    /** The refusal's error code when `failed`. */
    error: text('error'),
    folder: text('folder').notNull(),
    /** The upload's type, found from its bytes. */
    sourceType: text('source_type').notNull(),
    sourceBytes: bigint('source_bytes', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    /** A tiny blurred WebP as a data: URI (photos and video posters). */
    placeholder: text('placeholder'),
    image: jsonb('image').$type<PhotoVariant[]>(),
    variants: jsonb('variants').$type<MediaItemVariant[]>().notNull().default([]),
    waveform: jsonb('waveform').$type<number[]>(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    index('media_items_owner_idx').on(table.ownerId, table.createdAt),
    index('media_items_unclaimed_idx')
      .on(table.createdAt)
      .where(sql`${table.claimedAt} is null`),
  ],
);

export type MediaItemRow = typeof mediaItems.$inferSelect;
