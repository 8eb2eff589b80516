import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by the partnership feature: only its repositories write these tables; other features go through its service.

/**
 * A member's partnership (SPEC "Partnership: startDate, endDate, percentage value";
 * docs/partnership.md): their referral code and the terms their children's payments earn on.
 */
export const partnerships = pgTable(
  'partnerships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** REFERRAL_CODE_PATTERN, drawn at random (CSPRNG) and unique. */
    code: text('code').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    /** Null: open-ended. Payments settled after it earn nothing. */
    endDate: timestamp('end_date', { withTimezone: true }),
    /** Percent of each settled payment of a child (10, 12.5); numeric, never a float. */
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    holdDays: integer('hold_days').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('partnerships_user_key').on(table.userId),
    uniqueIndex('partnerships_code_key').on(table.code),
    check('partnerships_code_format', sql`${table.code} ~ '^[A-HJ-NP-Z2-9]{6,10}$'`),
    check('partnerships_percentage_range', sql`${table.percentage} >= 0 AND ${table.percentage} <= 100`),
    check('partnerships_hold_days', sql`${table.holdDays} >= 0`),
    check('partnerships_dates', sql`${table.endDate} IS NULL OR ${table.endDate} >= ${table.startDate}`),
  ],
);
export type PartnershipRow = typeof partnerships.$inferSelect;

/** Who brought whom: a child has one partner, for good, and is never their own. */
export const referrals = pgTable(
  'referrals',
  {
    childId: uuid('child_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('referrals_partner_idx').on(table.partnerId, table.createdAt),
    check('referrals_not_self', sql`${table.childId} <> ${table.partnerId}`),
  ],
);

/**
 * A settled payment of a child paid from a number another child of the same partner paid from: one
 * person behind several accounts, maybe (docs/partnership.md). Kept for review; an alert goes with it.
 */
export const sharedPayerFlags = pgTable(
  'shared_payer_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The payment that shared its number (payments.id; kept when the payment's member goes). */
    paymentId: uuid('payment_id').notNull(),
    childId: uuid('child_id').references(() => users.id, { onDelete: 'set null' }),
    /** The other children who paid from that number. */
    otherChildIds: uuid('other_child_ids').array().notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('shared_payer_flags_payment_key').on(table.paymentId)],
);
