import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WithdrawalRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { ledgerIsBalanced } from '../../money/ledger/ledger.service.ts';
import { commission, ledgerTestDatabase, postAlone } from '../../../test/ledger-bed.ts';
import { balancesOf } from '../../../test/withdrawals-bed.ts';
import { reserve } from './withdrawals.service.ts';

/** Rounds of the race: 20 here, more for the slow tier (WITHDRAWAL_RACE_ROUNDS=100). */
const ROUNDS = Number(process.env.WITHDRAWAL_RACE_ROUNDS ?? 20);

/**
 * M1, M2: a withdrawal's reservation, as POST /api/withdrawals makes it in its transaction, raced 50
 * times against what covers 10: the ledger's lock on the balances lets exactly 10 through. (Through
 * the route, the one-in-flight rule lets a single one of a member's requests through first:
 * withdrawals.test.ts.)
 */
describe('the withdrawal reservation under concurrency', () => {
  const database = ledgerTestDatabase();

  it(`50 concurrent $10 reservations against $100 available: exactly 10, 0 left, the ledger balanced (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const userId = randomUUID();
      await postAlone(database.db, commission(userId, 10_000));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () => database.db.transaction((tx) => reserve(tx, withdrawalOf(userId)))),
      );
      const refused = outcomes
        .filter((o) => o.status === 'rejected')
        .map((o) => (o as PromiseRejectedResult).reason);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
      for (const reason of refused) expect(reason).toMatchObject(new AppError(400, 'insufficient_balance'));
      expect(await balancesOf(database.db, userId)).toEqual({ available: 0, inFlight: 10_000 });
    }
    expect(await ledgerIsBalanced(database.db)).toBe(true);
  });
});

function withdrawalOf(userId: string): WithdrawalRow {
  const id = randomUUID();
  return {
    id,
    userId,
    amountMinor: 1_000,
    currency: 'USD',
    reference: id.slice(0, 8).toUpperCase(),
  } as WithdrawalRow;
}
