import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES } from '@motema/shared/billing';

// Owned by the money feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// ledgerAccounts may be read by: partnership.
// journalEntries may be read by: billing, partnership.
// postings may be read by: partnership.

/*
 * The double-entry ledger (PAYMENTS.md A3.6, M1). Amounts are integer minor units, a posting's sign
 * says its side: a debit is > 0, a credit < 0. The rules that keep it true live in the database, so
 * they hold even when the code has a bug (migration billing_ledger_rules): every entry sums to 0 per
 * currency at commit (a deferred constraint trigger), entries, postings and accounts are append-only
 * (corrections are reversing entries), and a balance moves only with the postings of its account.
 */

export const LEDGER_ACCOUNT_KINDS = ['asset', 'liability', 'revenue', 'expense'] as const;

/**
 * One account in one currency: 'platform:revenue' in USD and in CDF are two accounts. Its `kind`
 * gives its normal side (assets and expenses grow with debits, liabilities and revenue with credits).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    mayGoNegative: boolean('may_go_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ledger_accounts_name_currency_key').on(table.name, table.currency),
    // Targets of the composite foreign keys below: a posting's currency and a balance's floor are the account's.
    unique('ledger_accounts_id_currency_key').on(table.id, table.currency),
    unique('ledger_accounts_id_may_go_negative_key').on(table.id, table.mayGoNegative),
  ],
);

/**
 * What an entry comes from, the journals' "from": a payment (its settlement and its refund's
 * reversal), and for the partnership a commission and a payout. The row is `source_id`.
 */
/**
 * `settlement`: FlexPay's transfer of what it collected to our bank, named by the bank's reference.
 * `payout`: a withdrawal (its reservation, payment and release); `withdrawal_proof`: the small
 * collection that proved a withdrawal number, credited back to its member.
 */
export const LEDGER_SOURCE_KINDS = [
  'payment',
  'commission',
  'payout',
  'settlement',
  'withdrawal_proof',
] as const;

/** One balanced movement of money, posted once: `idempotency_key` is the business event's own key. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique('journal_entries_idempotency_key_key'),
    /** A hash of the entry's kind and lines: the same key posted again with other lines is refused. */
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** What the entry comes from (the journals show it): a kind of LEDGER_SOURCE_KINDS and its row's id. */
    sourceKind: text('source_kind', { enum: LEDGER_SOURCE_KINDS }).notNull(),
    sourceId: uuid('source_id').notNull(),
    /** The entry this one reverses; unique, so no entry is reversed twice. */
    reversesEntryId: uuid('reverses_entry_id').unique('journal_entries_reverses_entry_id_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.reversesEntryId], foreignColumns: [table.id] }).onDelete('restrict'),
    check(
      'journal_entries_source_kind',
      sql`${table.sourceKind} IN ('payment', 'commission', 'payout', 'settlement', 'withdrawal_proof')`,
    ),
    index('journal_entries_source_idx').on(table.sourceKind, table.sourceId),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Debit > 0, credit < 0, never 0. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    foreignKey({
      name: 'postings_account_currency_fk',
      columns: [table.accountId, table.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }).onDelete('restrict'),
    check('postings_amount_not_zero', sql`${table.amountMinor} <> 0`),
    index('postings_entry_idx').on(table.entryId),
    index('postings_account_idx').on(table.accountId),
  ],
);

/**
 * Each account's balance on its normal side (a liability holding 100 has 100 here, though its
 * postings sum to -100), kept by a trigger on `postings` in the posting's own transaction. Accounts
 * that may not go negative (a member's available commission) are held to it by the CHECK.
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    accountId: uuid('account_id').primaryKey(),
    mayGoNegative: boolean('may_go_negative').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    foreignKey({
      name: 'account_balances_account_fk',
      columns: [table.accountId, table.mayGoNegative],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.mayGoNegative],
    }).onDelete('restrict'),
    check('account_balances_non_negative', sql`${table.mayGoNegative} OR ${table.balanceMinor} >= 0`),
  ],
);

export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export type LedgerSourceKind = (typeof LEDGER_SOURCE_KINDS)[number];
