import { sql } from 'drizzle-orm';
import { CURRENCIES } from '@motema/shared/billing';
import {
  bigint,
  boolean,
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

/** A withdrawal number's proof and a withdrawal: the reconciler's columns (money/operations/, docs/payments.md). */
const operationColumns = () => ({
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  /** When the sweeper checks it next (back-off); null once nothing more is expected. */
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  checkAttempts: integer('check_attempts').notNull().default(0),
  /** A status check is in flight until then (one at a time per row). */
  checkLeaseUntil: timestamp('check_lease_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A provider operation's states: CREATED until the provider answers; UNKNOWN: it may have acted, no order number to check. */
export const PROVIDER_OPERATION_STATES = ['CREATED', 'PENDING', 'UNKNOWN', 'SUCCESS', 'FAILED'] as const;
export type ProviderOperationState = (typeof PROVIDER_OPERATION_STATES)[number];

/**
 * The small collection that proves a withdrawal number (PAYMENTS.md A4, P20): only the wallet's
 * holder can approve it, so a check answering SUCCESS from that number proves it is theirs.
 */
export const withdrawalProofs = pgTable(
  'withdrawal_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Personal data: the number being proven (243 + 9 digits). */
    phone: text('phone').notNull(),
    reference: text('reference').notNull(),
    /** FlexPay's order number (personal data: it holds the phone). */
    providerRef: text('provider_ref'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: PROVIDER_OPERATION_STATES }).notNull().default('CREATED'),
    reason: text('reason'),
    ...operationColumns(),
  },
  (table) => [
    uniqueIndex('withdrawal_proofs_reference_key').on(table.reference),
    check('withdrawal_proofs_reference_format', sql`${table.reference} ~ '^[A-Z0-9]{1,20}$'`),
    check('withdrawal_proofs_amount_positive', sql`${table.amountMinor} > 0`),
    index('withdrawal_proofs_user_idx').on(table.userId, table.createdAt),
    index('withdrawal_proofs_due_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} IS NOT NULL`),
  ],
);
export type WithdrawalProofRow = typeof withdrawalProofs.$inferSelect;

/**
 * The member's withdrawal number (one per member): the proof under way or done, and from when
 * withdrawals may go to it (a cooldown after a change, P20). Every withdrawal locks this row, and so
 * does a change of number: the two never cross (M7).
 */
export const withdrawalAccounts = pgTable('withdrawal_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  /** The latest proof of `phone`. */
  proofId: uuid('proof_id')
    .notNull()
    .references(() => withdrawalProofs.id, { onDelete: 'cascade' }),
  provenAt: timestamp('proven_at', { withTimezone: true }),
  /** Set when proven: withdrawals go to the number from then (now for a first number; after the cooldown for a change). */
  withdrawableFrom: timestamp('withdrawable_from', { withTimezone: true }),
  /** Whether a number was proven before this one: the cooldown applies to a change only. */
  changed: boolean('changed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WithdrawalAccountRow = typeof withdrawalAccounts.$inferSelect;

/** A withdrawal's states a member still waits on: one at a time (the partial unique index). */
export const WITHDRAWAL_OPEN_STATES = ['CREATED', 'PENDING', 'UNKNOWN'] as const;

/**
 * A withdrawal (P19, M7): reserved in the ledger when it is made, paid out by FlexPay's payout,
 * booked paid or released only on a status check's definitive answer.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The partner, without a foreign key: a record of money paid out outlives the account, as the
     * ledger's `user:<id>:` accounts it moves do (an account's deletion never waits on it).
     */
    userId: uuid('user_id').notNull(),
    /** The Idempotency-Key it was made with and a hash of its body (same key, other body: 422). */
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    reference: text('reference').notNull(),
    providerRef: text('provider_ref'),
    /** Personal data: the proven number it goes to. */
    phone: text('phone').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: PROVIDER_OPERATION_STATES }).notNull().default('CREATED'),
    reason: text('reason'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...operationColumns(),
  },
  (table) => [
    uniqueIndex('withdrawals_reference_key').on(table.reference),
    uniqueIndex('withdrawals_idempotency_key').on(table.userId, table.idempotencyKey),
    check('withdrawals_reference_format', sql`${table.reference} ~ '^[A-Z0-9]{1,20}$'`),
    check('withdrawals_amount_positive', sql`${table.amountMinor} > 0`),
    // One withdrawal in flight per member (P19): the database refuses a second, whatever the race.
    uniqueIndex('withdrawals_one_in_flight_key')
      .on(table.userId)
      .where(sql`${table.status} IN ('CREATED', 'PENDING', 'UNKNOWN')`),
    index('withdrawals_phone_created_idx').on(table.phone, table.createdAt),
    index('withdrawals_due_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} IS NOT NULL`),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The audit trail of proofs and withdrawals (P21): every exchange with the provider and every move. Only inserted. */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id, { onDelete: 'cascade' }),
    proofId: uuid('proof_id').references(() => withdrawalProofs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    httpStatus: integer('http_status'),
    latencyMs: integer('latency_ms'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('withdrawal_events_one_owner', sql`(${table.withdrawalId} IS NULL) <> (${table.proofId} IS NULL)`),
    index('withdrawal_events_withdrawal_idx').on(table.withdrawalId),
    index('withdrawal_events_proof_idx').on(table.proofId),
  ],
);
