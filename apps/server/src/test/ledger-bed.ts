import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from './test-database.ts';
import { memberAccount } from '../features/billing/ledger/ledger-accounts.ts';
import type { LedgerEntryInput } from '../features/billing/ledger/ledger.service.ts';

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

export const CLEARING = 'platform:flexpay_clearing';
export const REVENUE = 'platform:revenue';

/** A settled payment's entry: Dr clearing / Cr revenue, as the payments core posts it. */
export function settlement(key: string, amount: number, currency: 'USD' | 'CDF' = 'USD'): LedgerEntryInput {
  return {
    key,
    kind: 'payment_settled',
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
    description: 'Withdrawal',
    lines: [
      { account: memberAccount(userId, 'aff_available'), amount, currency: 'USD' },
      { account: memberAccount(userId, 'aff_payout_in_flight'), amount: -amount, currency: 'USD' },
    ],
  };
}
