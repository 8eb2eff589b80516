import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments } from './billing-payments.ts';
import { users } from './users.ts';

// Owned by the billing feature: only its repositories write these tables; other features go through its service.

/**
 * The catalogue of Premium plans (SPEC "Subscription"), seeded by a migration: the price in both
 * currencies in integer minor units (M1, the ledger's bigint), what the plan gives (its `days`, the `popularity` percent
 * of the remaining gap it lets a member write across, whether it includes `preferences`), and whether
 * it is still `sold` (a pass bought on a plan no longer sold still runs). The share of buyers who
 * chose a plan is counted from the passes (plans.service.ts `listPlans`), not stored here.
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    costUsd: bigint('cost_usd', { mode: 'number' }).notNull(),
    costCdf: bigint('cost_cdf', { mode: 'number' }).notNull(),
    days: integer('days').notNull(),
    popularity: integer('popularity').notNull(),
    preferences: boolean('preferences').notNull(),
    sold: boolean('sold').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('subscription_plans_cost_positive', sql`${table.costUsd} > 0 AND ${table.costCdf} > 0`),
    check('subscription_plans_days_positive', sql`${table.days} > 0`),
    check('subscription_plans_popularity_percent', sql`${table.popularity} BETWEEN 0 AND 100`),
  ],
);

/**
 * A pass: Premium bought once, prepaid for the plan's days (mobile money has no recurring mandate).
 * One per payment (`payment_id` UNIQUE: a payment grants once, PAYMENTS.md P11). A pass of a better
 * plan than the member's starts at once and the weaker passes running are lengthened by its days
 * (their windows overlap); one of an equal or weaker plan follows the last (decision 0026). A refund sets
 * `revoked_at` (P18); a cancel sets `canceled_at` (decision 0026). `user_id` is cut (set null) when the
 * member deletes the account: the pass stays beside its payment, a money record, with no one's name.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    /** The payment that bought it (the payments core's row, never deleted: a money record). */
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The member's passes by their end: the running one, the last one (where a new one starts).
    index('user_subscriptions_user_ends_idx').on(table.userId, table.endsAt),
    check('user_subscriptions_ends_after_start', sql`${table.endsAt} >= ${table.startsAt}`),
  ],
);

export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;
export type UserSubscriptionRow = typeof userSubscriptions.$inferSelect;
