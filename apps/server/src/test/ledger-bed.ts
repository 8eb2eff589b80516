import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from './test-database.ts';
import { memberAccount } from '../features/money/ledger/ledger-accounts.ts';
import {
  postEntry,
  reverseEntry,
  type LedgerEntryInput,
  type LedgerSource,
} from '../features/money/ledger/ledger.service.ts';
import type { Db } from '../db/client.ts';
import type { LedgerSourceKind } from '../db/schema.ts';

export type LedgerTestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * A database of the test file's own, created before its tests and dropped after them: the platform's
 * accounts are shared by every entry, so another file's postings would move the balances a test reads.
 */
export function ledgerTestDatabase(): LedgerTestDatabase {
  const database = {} as LedgerTestDatabase;
  let created: LedgerTestDatabase | undefined;
  beforeAll(async () => {
    created = await createTestDatabase();
    Object.assign(database, created);
  });
  afterAll(async () => {
    await created?.close();
  });
  return database;
}

/** Posts `entry` in a transaction of its own, as a caller with nothing else to change with it would. */
export function postAlone(db: Db, entry: LedgerEntryInput) {
  return db.transaction((tx) => postEntry(tx, entry));
}

/** Reverses the entry of `key` in a transaction of its own, from the same source as the tests' entries. */
export function reverseAlone(db: Db, { key, reversalKey }: { key: string; reversalKey: string }) {
  return db.transaction((tx) => reverseEntry(tx, { key, reversalKey, source: sourceOf('payment', key) }));
}

/**
 * A source for an entry of the tests: one id per key, so that posting a key again names the same
 * source (a payment's key names its payment: `payment:<id>:settled`).
 */
export function sourceOf(kind: LedgerSourceKind, key: string): LedgerSource {
  const named = /^payment:([0-9a-f-]{36}):/.exec(key)?.[1];
  const hash = createHash('sha256').update(key).digest('hex');
  const id =
    named ??
    `${hash.slice(0, 8)}-${hash.slice(8, 12)}-4${hash.slice(13, 16)}-8${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
  return { kind, id };
}

export const CLEARING = 'platform:flexpay_clearing';
export const REVENUE = 'platform:revenue';

/** A settled payment's entry: Dr clearing / Cr revenue, as the payments core posts it. */
export function settlement(key: string, amount: number, currency: 'USD' | 'CDF' = 'USD'): LedgerEntryInput {
  return {
    key,
    kind: 'payment_settled',
    source: sourceOf('payment', key),
    description: 'Premium, a month',
    lines: [
      { account: CLEARING, amount, currency },
      { account: REVENUE, amount: -amount, currency },
    ],
  };
}

/** Gives a member `amount` of withdrawable commission (Dr commission expense / Cr aff_available). */
export function commission(
  userId: string,
  amount: number,
  key = `commission:${randomUUID()}`,
): LedgerEntryInput {
  return {
    key,
    kind: 'commission',
    source: sourceOf('commission', key),
    description: 'Commission',
    lines: [
      { account: 'platform:commission_expense', amount, currency: 'USD' },
      { account: memberAccount(userId, 'aff_available'), amount: -amount, currency: 'USD' },
    ],
  };
}

/** Reserves `amount` of a member's commission for a payout (M2: Dr aff_available / Cr aff_payout_in_flight). */
export function withdrawal(
  userId: string,
  amount: number,
  key = `withdrawal:${randomUUID()}`,
): LedgerEntryInput {
  return {
    key,
    kind: 'withdrawal_requested',
    source: sourceOf('payout', key),
    description: 'Withdrawal',
    lines: [
      { account: memberAccount(userId, 'aff_available'), amount, currency: 'USD' },
      { account: memberAccount(userId, 'aff_payout_in_flight'), amount: -amount, currency: 'USD' },
    ],
  };
}
