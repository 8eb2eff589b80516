import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, PAYMENT_METHODS } from '@motema/shared/billing';
import { subscriptionPlans } from './billing-passes.ts';
import { users } from './users.ts';

// Owned by the billing feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// payments may be read by: partnership.

/**
 * Where a payment stands inside Motema (PAYMENTS.md A1.8). Only a provider status check moves one
 * to SUCCESS (P8); the members see PENDING, FAILED or SUCCESS (payments.presenter.ts).
 */
export const PAYMENT_STATES = [
  'CREATED',
  'PENDING',
  'INIT_UNKNOWN',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
  'REVIEW',
  'SUCCESS',
  'REFUND_PENDING',
  'REFUNDED',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** States in which a payment is still being made: at most one such per member and plan (P5). */
export const OPEN_PAYMENT_STATES = ['CREATED', 'PENDING', 'INIT_UNKNOWN'] as const;

/**
 * A payment of a plan. The row is committed before the provider is called (P6), under a reference
 * of our own (P1); the callback URL carries a secret token of which only the hash is kept (P7).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    // Kept when the account goes: these are records of money received; the phone is cleared with it.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // A plan is never deleted once paid for (it stops being sold instead): the payment names what it bought.
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** Integer minor units, of the ledger's type (M1). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Personal data: the payer's number (243 + 9 digits); null for cards. */
    payerPhone: text('payer_phone'),
    /** The provider's order number (personal data too: FlexPay's holds the phone). */
    providerRef: text('provider_ref'),
    callbackTokenHash: text('callback_token_hash').notNull(),
    status: text('status', { enum: PAYMENT_STATES }).notNull().default('CREATED'),
    /** Why it failed or what to tell of it (a PaymentReason of packages/shared/billing). */
    reason: text('reason'),
    /** Card payments: the provider's hosted page. */
    redirectUrl: text('redirect_url'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** When the sweeper checks it next (backoff, P12); null once nothing more is expected. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checkAttempts: integer('check_attempts').notNull().default(0),
    /** A status check is in flight until then (one at a time per payment). */
    checkLeaseUntil: timestamp('check_lease_until', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_reference_key').on(table.reference),
    // A callback finds its payment by the hash of its URL's token (P7).
    uniqueIndex('payments_callback_token_key').on(table.callbackTokenHash),
    check('payments_reference_format', sql`${table.reference} ~ '^[A-Z0-9]{1,20}$'`),
    check('payments_amount_positive', sql`${table.amountMinor} > 0`),
    // Settled exactly when the money was received (payment-transitions.ts SETTLED_STATES): a refund keeps it.
    check(
      'payments_settled_at_when_settled',
      sql`(${table.status} IN ('SUCCESS', 'REFUND_PENDING', 'REFUNDED')) = (${table.settledAt} IS NOT NULL)`,
    ),
    index('payments_user_created_idx').on(table.userId, table.createdAt),
    // One open payment per member and plan (P5): the database refuses a second, whatever the race.
    uniqueIndex('payments_open_per_plan_key')
      .on(table.userId, table.planId)
      .where(sql`${table.status} IN ('CREATED', 'PENDING', 'INIT_UNKNOWN')`),
    index('payments_due_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} IS NOT NULL`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/**
 * The audit trail (P21): every exchange with the provider and every callback, secrets stripped, with
 * its HTTP status and latency. Only ever inserted. A callback's `dedupeKey` keeps one row per body.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['init', 'check', 'callback', 'callback_refused', 'transition', 'alert'],
    }).notNull(),
    httpStatus: integer('http_status'),
    latencyMs: integer('latency_ms'),
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_events_payment_idx').on(table.paymentId, table.createdAt),
    uniqueIndex('payment_events_dedupe_key').on(table.dedupeKey),
  ],
);
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/**
 * A payment start's Idempotency-Key (P2, PAYMENTS.md A3): the first request claims it, later ones
 * with the same body get its stored answer, with another body a 422. Pruned after a day or more.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
