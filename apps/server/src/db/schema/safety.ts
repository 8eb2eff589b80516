import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by the safety feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// blocks may be read by: chat.
// reports may be read by: moderation.

/** `blocker` blocked `blocked`; every feature treats the pair as invisible to each other, both ways. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked_idx').on(table.blockedId, table.blockerId),
  ],
);

/**
 * A report for moderation; anonymous to the reported member. Its target is the member, or one of
 * their posts (`postId`), comments (`commentId`), photos (`photoId`), stories (`storyId`) or messages
 * (`messageId`) or lives (`liveId`), or a zone (`zoneId`, no member named: a zone has no one owner): one open report per
 * reporter and target. The target's id is kept without a foreign
 * key, so that deleting the post, the comment or the zone leaves the report for moderation.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The member reported, or whose post or comment is; null for a zone's report, and once the
     * reported account is deleted (the report stays for its moderation case, whose snapshot keeps them).
     */
    reportedId: uuid('reported_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    subReason: text('sub_reason').notNull(),
    postId: uuid('post_id'),
    commentId: uuid('comment_id'),
    zoneId: uuid('zone_id'),
    photoId: uuid('photo_id'),
    storyId: uuid('story_id'),
    messageId: uuid('message_id'),
    /** A live of theirs (docs/lives.md); its case keeps its title and latest sampled frames. */
    liveId: uuid('live_id'),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reports_open_member_key')
      .on(table.reporterId, table.reportedId)
      .where(
        sql`${table.status} = 'open' AND num_nonnulls(${table.postId}, ${table.commentId}, ${table.photoId}, ${table.storyId}, ${table.messageId}, ${table.liveId}) = 0`,
      ),
    uniqueIndex('reports_open_post_key')
      .on(table.reporterId, table.postId)
      .where(sql`${table.status} = 'open' AND ${table.postId} IS NOT NULL`),
    uniqueIndex('reports_open_comment_key')
      .on(table.reporterId, table.commentId)
      .where(sql`${table.status} = 'open' AND ${table.commentId} IS NOT NULL`),
    uniqueIndex('reports_open_zone_key')
      .on(table.reporterId, table.zoneId)
      .where(sql`${table.status} = 'open' AND ${table.zoneId} IS NOT NULL`),
    uniqueIndex('reports_open_photo_key')
      .on(table.reporterId, table.photoId)
      .where(sql`${table.status} = 'open' AND ${table.photoId} IS NOT NULL`),
    uniqueIndex('reports_open_story_key')
      .on(table.reporterId, table.storyId)
      .where(sql`${table.status} = 'open' AND ${table.storyId} IS NOT NULL`),
    uniqueIndex('reports_open_live_key')
      .on(table.reporterId, table.liveId)
      .where(sql`${table.status} = 'open' AND ${table.liveId} IS NOT NULL`),
    uniqueIndex('reports_open_message_key')
      .on(table.reporterId, table.messageId)
      .where(sql`${table.status} = 'open' AND ${table.messageId} IS NOT NULL`),
    check(
      'reports_one_target_check',
      sql`num_nonnulls(${table.postId}, ${table.commentId}, ${table.photoId}, ${table.storyId}, ${table.messageId}, ${table.liveId}) <= 1`,
    ),
    // A member (and maybe their post or comment; the member null once their account is gone), or a zone alone.
    check(
      'reports_member_or_zone_check',
      sql`${table.zoneId} IS NULL OR (${table.reportedId} IS NULL AND num_nonnulls(${table.postId}, ${table.commentId}, ${table.photoId}, ${table.storyId}, ${table.messageId}, ${table.liveId}) = 0)`,
    ),
    index('reports_reported_idx').on(table.reportedId, table.createdAt),
  ],
);
