import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by the discovery feature: only its repositories write these tables; other features go through its service.

/** One current rating per pair (rater, rated), from 1 to 5, changeable. */
export const ratings = pgTable(
  'ratings',
  {
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratedId: uuid('rated_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.raterId, table.ratedId] }),
    index('ratings_rated_idx').on(table.ratedId, table.updatedAt.desc()),
    index('ratings_rater_idx').on(table.raterId, table.updatedAt.desc()),
    check('ratings_score_range', sql`${table.score} BETWEEN 1 AND 5`),
  ],
);

/** Profile visits: one row per (visitor, visited), counted at most once per viewer per day. */
export const visits = pgTable(
  'visits',
  {
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitedId: uuid('visited_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    days: integer('days').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorId, table.visitedId] }),
    index('visits_visited_idx').on(table.visitedId, table.lastAt.desc()),
    index('visits_visitor_idx').on(table.visitorId, table.lastAt.desc()),
  ],
);

/** Two members who rated each other 4 or more; `userA` is the smaller id. Removed when a rating drops. */
export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('matches_pair_key').on(table.userA, table.userB),
    index('matches_b_idx').on(table.userB, table.createdAt.desc()),
    index('matches_a_idx').on(table.userA, table.createdAt.desc()),
    check('matches_order', sql`${table.userA} < ${table.userB}`),
  ],
);

export type RatingRow = typeof ratings.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
