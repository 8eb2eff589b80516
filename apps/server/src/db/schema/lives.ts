import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { posts } from './posts.ts';
import { users } from './users.ts';

// Owned by the lives feature: only its repositories write these tables; other features go through its service.

/**
 * A live (docs/lives.md): `starting` from its creation until its first segments are on air, then
 * `live`, then `ended` for good with its `end_reason`. One live not ended per broadcaster. Its
 * segments live under `lives/<id>/` in the media storage while it is on air and are removed when it
 * ends, unless the broadcaster keeps it as a post (`kept_post_id`). `node` names the server node
 * whose encoder holds it (docs/scaling.md), where its chunks must go.
 */
export const lives = pgTable(
  'lives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    broadcasterId: uuid('broadcaster_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    audience: text('audience', { enum: ['everyone', 'matches'] }).notNull(),
    audioOnly: boolean('audio_only').notNull().default(false),
    status: text('status', { enum: ['starting', 'live', 'ended'] })
      .notNull()
      .default('starting'),
    endReason: text('end_reason', { enum: ['broadcaster', 'moderator', 'interrupted'] }),
    node: text('node'),
    /** The distinct members watching now, kept by the transactions that change live_viewers. */
    viewers: integer('viewers').notNull().default(0),
    peakViewers: integer('peak_viewers').notNull().default(0),
    keptPostId: uuid('kept_post_id').references(() => posts.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    onAirAt: timestamp('on_air_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('lives_broadcaster_open_key')
      .on(table.broadcasterId)
      .where(sql`${table.status} <> 'ended'`),
    // The list of lives on air, most watched first.
    index('lives_on_air_idx')
      .on(table.viewers.desc(), table.startedAt.desc())
      .where(sql`${table.status} = 'live'`),
    index('lives_broadcaster_idx').on(table.broadcasterId, table.startedAt),
    check('lives_audience_check', sql`${table.audience} IN ('everyone', 'matches')`),
    check('lives_status_check', sql`${table.status} IN ('starting', 'live', 'ended')`),
    check(
      'lives_end_check',
      sql`(${table.status} = 'ended') = (${table.endedAt} IS NOT NULL AND ${table.endReason} IS NOT NULL)`,
    ),
  ],
);

/**
 * A member who joined a live: `present` while one of their sockets is in it; `role` moderator when
 * the broadcaster named them; `muted` may not write; `removed_at` set when the broadcaster or a live
 * moderator removed them: they may not come back to this live.
 */
export const liveViewers = pgTable(
  'live_viewers',
  {
    liveId: uuid('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['viewer', 'moderator'] })
      .notNull()
      .default('viewer'),
    muted: boolean('muted').notNull().default(false),
    present: boolean('present').notNull().default(true),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.liveId, table.userId] }),
    index('live_viewers_user_idx').on(table.userId),
    check('live_viewers_role_check', sql`${table.role} IN ('viewer', 'moderator')`),
  ],
);

/**
 * A message of a live's chat, stored once per (sender, client_id). `held` waits for the broadcaster
 * or a live moderator (the scam shield flagged it, or its sender is restricted); `removed` was taken
 * down. Deleted with the live's other traces when it is (docs/lives.md says how long they stay).
 */
export const liveMessages = pgTable(
  'live_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    liveId: uuid('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['shown', 'held', 'removed'] })
      .notNull()
      .default('shown'),
    /** The scam shield's families when it flagged the message (SCAM_FAMILIES), else empty. */
    families: text('families')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('live_messages_sender_client_key').on(table.senderId, table.clientId),
    index('live_messages_live_idx').on(table.liveId, table.createdAt),
    check('live_messages_status_check', sql`${table.status} IN ('shown', 'held', 'removed')`),
  ],
);

/**
 * A frame sampled from a live every LIVE_FRAME_SAMPLE_SECONDS while on air (its storage key), kept
 * for a moderation case if the live is reported; removed with the live's segments otherwise.
 */
export const liveFrames = pgTable(
  'live_frames',
  {
    liveId: uuid('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.liveId, table.key] }),
    index('live_frames_taken_idx').on(table.liveId, table.takenAt),
  ],
);

export type LiveRow = typeof lives.$inferSelect;
export type LiveViewerRow = typeof liveViewers.$inferSelect;
export type LiveMessageRow = typeof liveMessages.$inferSelect;
