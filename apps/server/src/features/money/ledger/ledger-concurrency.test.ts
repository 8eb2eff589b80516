import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../../db/client.ts';
import { commission, ledgerTestDatabase, postAlone, sourceOf, withdrawal } from '../../../test/ledger-bed.ts';
import { memberAccount } from './ledger-accounts.ts';
import { LedgerError } from './ledger-error.ts';
import { balanceOf, ledgerDiscrepancies, postEntry } from './ledger.service.ts';

const database = ledgerTestDatabase();
/** More connections than the test database's 10, so that dozens of transactions really race. */
let wide: Database;

beforeAll(() => {
  wide = connectDatabase(database.url, { max: 25 });
});

// Closed before the database is dropped: afterAll hooks run last registered, first.
afterAll(async () => {
  await wide?.close();
});

describe('concurrent postings', () => {
  // M2's shape, which the partnership issue's withdrawals take: each request reserves 10 of the
  // member's 100 (Dr aff_available / Cr aff_payout_in_flight) in a transaction of its own.
  it('50 concurrent debits of 10 against a balance of 100: exactly 10 succeed, the balance ends at 0', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = randomUUID();
      const available = memberAccount(member, 'aff_available');
      const inFlight = memberAccount(member, 'aff_payout_in_flight');
      await postAlone(database.db, commission(member, 100, `commission:${member}`));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          wide.db.transaction((tx) => postEntry(tx, withdrawal(member, 10, `withdrawal:${member}:${i}`))),
        ),
      );
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
      expect(
        refusals.filter((error) => !(error instanceof LedgerError && error.reason === 'overdraft')),
      ).toEqual([]);
      expect(await balanceOf(database.db, available, 'USD')).toBe(0);
      expect(await balanceOf(database.db, inFlight, 'USD')).toBe(100);
      expect(await ledgerDiscrepancies(database.db)).toEqual([]);
    }
  });

  // M5 in a short bounded run: transfers A -> B and B -> A at once never deadlock (40P01), since
  // every entry locks its balances in account id order whatever the order of its lines.
  it('transfers between two accounts in opposite orders never deadlock', async () => {
    const a = memberAccount(randomUUID(), 'aff_pending');
    const b = memberAccount(randomUUID(), 'aff_pending');
    const transfer = (from: string, to: string, key: string) =>
      wide.db.transaction(async (tx) => {
        await postEntry(tx, {
          key,
          kind: 'transfer',
          source: sourceOf('payout', key),
          description: 'Transfer',
          lines: [
            { account: from, amount: 1, currency: 'USD' },
            { account: to, amount: -1, currency: 'USD' },
          ],
        });
      });
    const errors: unknown[] = [];
    /** Transfers done A -> B and B -> A. */
    const done: [number, number] = [0, 0];
    // At least 3 s and 200 transfers, whichever is longer (a loaded machine is slower), at most 20 s.
    const until = Date.now() + 3_000;
    const stop = Date.now() + 20_000;
    await Promise.all(
      Array.from({ length: 12 }, async (_, worker) => {
        while ((Date.now() < until || done[0] + done[1] < 200) && Date.now() < stop) {
          // Half the workers send A -> B, half B -> A; each entry lists its own debit first.
          const direction = worker % 2 === 0 ? 0 : 1;
          const [from, to] = direction === 0 ? [a, b] : [b, a];
          await transfer(from, to, `transfer:${randomUUID()}`).then(
            () => (done[direction] += 1),
            (error: unknown) => errors.push(error),
          );
        }
      }),
    );
    expect(errors).toEqual([]);
    expect(done[0] + done[1]).toBeGreaterThanOrEqual(200);
    // A liability falls with each debit: A holds what B sent it less what it sent B, and B the opposite.
    expect(await balanceOf(database.db, a, 'USD')).toBe(done[1]! - done[0]!);
    expect(await balanceOf(database.db, b, 'USD')).toBe(done[0]! - done[1]!);
    expect(await ledgerDiscrepancies(database.db)).toEqual([]);
  }, 30_000);
});
