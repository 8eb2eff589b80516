import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { mediaItems } from './media.ts';
import { users } from './users.ts';
import { zones } from './zones.ts';

// Owned by the posts feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// posts may be read by: zones.
// postMedia may be read by: zones.

/**
 * A post: text and/or media (post_media), public or private (post_allowed: who else may see it).
 * A zone's post (`zone_id`) is public within its zone, read by whoever may read the zone's feed
 * (posts.policy.ts), and never in the general feed nor on a profile; it goes with its zone.
 * `status` follows its media: `processing` while a video or audio encodes (shown to the author
 * only), `failed` when one was refused, else `ready`. `likes` and `comments` are counters kept in
 * the transactions that add and remove them.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    kind: text('kind', { enum: ['text', 'photo', 'video', 'audio'] }).notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull(),
    mediaCount: integer('media_count').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('posts_author_idx').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    // A zone's feed, newest first (the zone's posts only), in the order its query asks (`DESC`, whose
    // nulls come first): an index in another order is read whole and sorted.
    index('posts_zone_idx')
      .on(table.zoneId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.zoneId} IS NOT NULL`),
    // The feed (B8): `posts_feed_ready_idx` (created_at desc, id desc; author and visibility included)
    // over ready posts outside zones, created by migrations 0024_posts_feed_ready_index.sql and
    // 0033_zone_posts.sql: drizzle cannot declare INCLUDE columns.
    check('posts_likes_check', sql`${table.likes} >= 0`),
    check('posts_comments_check', sql`${table.comments} >= 0`),
  ],
);

/** The media of a post, in order; a media item belongs to one post at most. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.position] }),
    uniqueIndex('post_media_item_key').on(table.itemId),
  ],
);

/** Who besides the author may see a private post. */
export const postAllowed = pgTable(
  'post_allowed',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_allowed_user_idx').on(table.userId, table.postId),
  ],
);

/** A waiting request to see a private post; accepting moves it to post_allowed, declining removes it. */
export const postRequests = pgTable(
  'post_requests',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.requesterId] }),
    index('post_requests_requester_idx').on(table.requesterId, table.postId),
  ],
);

/** A comment; `parentId` is a top-level comment of the same post (one level of replies). */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    likes: integer('likes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [
    index('comments_post_idx').on(table.postId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId),
    // A comment's replies: deleting a comment (or a member, with all theirs) cascades to them by
    // `parent_id`, a lookup per comment deleted.
    index('comments_parent_idx').on(table.parentId),
    // A post's comments by the members a reader blocked (commentsSeenBy).
    index('comments_post_author_idx').on(table.postId, table.authorId),
    check('comments_likes_check', sql`${table.likes} >= 0`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_likes_user_idx').on(table.userId),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index('comment_likes_user_idx').on(table.userId),
  ],
);

/**
 * A story: one photo or video, shown until `expiresAt`, then removed with its files by a job. Public,
 * or private: its author and the members of story_allowed only.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .unique()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    /** A line of the author's text shown over the story ('' for none). */
    caption: text('caption').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('stories_author_idx').on(table.authorId, table.expiresAt),
    index('stories_expires_idx').on(table.expiresAt),
  ],
);

/** Who besides the author may see a private story (chosen among their matches and partners). */
export const storyAllowed = pgTable(
  'story_allowed',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.storyId, table.userId] }),
    index('story_allowed_user_idx').on(table.userId),
  ],
);

/** Who saw a story, once each. */
export const storyViews = pgTable(
  'story_views',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.storyId, table.viewerId] }),
    index('story_views_viewer_idx').on(table.viewerId),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type StoryRow = typeof stories.$inferSelect;
