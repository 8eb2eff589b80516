import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLEARING,
  commission,
  ledgerTestDatabase,
  postAlone,
  reverseAlone,
  REVENUE,
  settlement,
  sourceOf,
  withdrawal,
} from '../../../test/ledger-bed.ts';
import { memberAccount } from './ledger-accounts.ts';
import { LedgerError } from './ledger-error.ts';
import {
  balanceOf,
  ledgerDiscrepancies,
  ledgerIsBalanced,
  postEntry,
  reverseEntry,
  type LedgerEntryInput,
} from './ledger.service.ts';

const database = ledgerTestDatabase();

async function count(table: string): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0]!.n);
}

async function sourceOfKey(key: string) {
  const { rows } = await database.pool.query<{ source_kind: string; source_id: string }>(
    'SELECT source_kind, source_id FROM journal_entries WHERE idempotency_key = $1',
    [key],
  );
  return rows[0];
}

async function ledgerErrorOf(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LedgerError);
  return (error as LedgerError).reason;
}

describe('posting entries', () => {
  it('posts a balanced entry and moves each balance on its normal side', async () => {
    const key = `payment:${randomUUID()}:settled`;
    const before = {
      clearing: await balanceOf(database.db, CLEARING, 'CDF'),
      revenue: await balanceOf(database.db, REVENUE, 'CDF'),
    };
    const posted = await postAlone(database.db, settlement(key, 1_400_000, 'CDF'));
    expect(posted).toMatchObject({ key, replayed: false });
    // An asset grows with a debit, revenue with a credit: both hold the sale's amount.
    expect(await balanceOf(database.db, CLEARING, 'CDF')).toBe(before.clearing + 1_400_000);
    expect(await balanceOf(database.db, REVENUE, 'CDF')).toBe(before.revenue + 1_400_000);
    expect(await ledgerDiscrepancies(database.db)).toEqual([]);
  });

  it('keeps each currency in its own accounts', async () => {
    const usd = await balanceOf(database.db, REVENUE, 'USD');
    const cdf = await balanceOf(database.db, REVENUE, 'CDF');
    await postAlone(database.db, settlement(`payment:${randomUUID()}:settled`, 499, 'USD'));
    expect(await balanceOf(database.db, REVENUE, 'USD')).toBe(usd + 499);
    expect(await balanceOf(database.db, REVENUE, 'CDF')).toBe(cdf);
  });

  it("posts in the caller's transaction: rolled back with it, nothing stays", async () => {
    const key = `payment:${randomUUID()}:settled`;
    const entries = await count('journal_entries');
    const postings = await count('postings');
    const revenue = await balanceOf(database.db, REVENUE, 'USD');
    await expect(
      database.db.transaction(async (tx) => {
        await postEntry(tx, settlement(key, 499));
        throw new Error('the settlement failed after the posting');
      }),
    ).rejects.toThrow('the settlement failed');
    expect(await count('journal_entries')).toBe(entries);
    expect(await count('postings')).toBe(postings);
    expect(await balanceOf(database.db, REVENUE, 'USD')).toBe(revenue);
    expect(await ledgerIsBalanced(database.db)).toBe(true);
  });

  // Checked by `npm run typecheck`: each line below is an error of the type checker's, which the
  // directive expects; were the pool accepted again, the directive itself would be the error.
  it('takes only a transaction, never the pool, for every write', () => {
    const onThePool = () => [
      // @ts-expect-error the pool is no transaction: the entry would commit on its own
      postEntry(database.db, settlement('payment:never:settled', 1)),
      // @ts-expect-error the pool is no transaction: the reversal would commit on its own
      reverseEntry(database.db, { key: 'k', reversalKey: 'r', source: sourceOf('payment', 'k') }),
    ];
    expect(onThePool).toBeTypeOf('function');
  });

  it('stores the source each entry names', async () => {
    const paymentId = randomUUID();
    const key = `payment:${paymentId}:settled`;
    await postAlone(database.db, settlement(key, 499));
    expect(await sourceOfKey(key)).toEqual({ source_kind: 'payment', source_id: paymentId });
    const member = randomUUID();
    const earned = commission(member, 100);
    await postAlone(database.db, earned);
    expect(await sourceOfKey(earned.key)).toEqual({
      source_kind: 'commission',
      source_id: earned.source.id,
    });
  });

  it('refuses lines that do not balance, amounts that are not minor units, and unknown accounts, writing nothing', async () => {
    const entries = await count('journal_entries');
    const accounts = await count('ledger_accounts');
    const key = `bad:${randomUUID()}`;
    const lines = (amounts: number[], account = REVENUE) => [
      { account: CLEARING, amount: amounts[0]!, currency: 'USD' as const },
      { account, amount: amounts[1]!, currency: 'USD' as const },
    ];
    const post = (entryLines: LedgerEntryInput['lines']) =>
      ledgerErrorOf(
        postAlone(database.db, {
          key,
          kind: 'test',
          source: sourceOf('payment', key),
          description: '',
          lines: entryLines,
        }),
      );
    expect(await post(lines([500, -499]))).toBe('unbalanced');
    expect(await post(lines([4.99, -4.99]))).toBe('unbalanced');
    expect(await post(lines([0, 0]))).toBe('unbalanced');
    expect(await post(lines([500]).slice(0, 1))).toBe('unbalanced');
    expect(
      await post([
        { account: CLEARING, amount: 500, currency: 'USD' },
        { account: REVENUE, amount: -500, currency: 'CDF' },
      ]),
    ).toBe('unbalanced');
    expect(await post(lines([500, -500], 'platform:revenu'))).toBe('unknown_account');
    expect(await post(lines([500, -500], `user:${randomUUID()}:savings`))).toBe('unknown_account');
    expect(await count('journal_entries')).toBe(entries);
    expect(await count('ledger_accounts')).toBe(accounts);
  });
});

describe('idempotency by key (A3.6, P11)', () => {
  it('answers the entry already posted under the same key with the same lines, writing nothing', async () => {
    const key = `payment:${randomUUID()}:settled`;
    const first = await postAlone(database.db, settlement(key, 499));
    const revenue = await balanceOf(database.db, REVENUE, 'USD');
    const postings = await count('postings');
    const again = await postAlone(database.db, { ...settlement(key, 499), description: 'worded otherwise' });
    expect(again).toEqual({ id: first.id, key, replayed: true });
    expect(await count('postings')).toBe(postings);
    expect(await balanceOf(database.db, REVENUE, 'USD')).toBe(revenue);
  });

  it('refuses the same key with other lines or another kind', async () => {
    const key = `payment:${randomUUID()}:settled`;
    await postAlone(database.db, settlement(key, 499));
    expect(await ledgerErrorOf(postAlone(database.db, settlement(key, 500)))).toBe('key_reused');
    expect(await ledgerErrorOf(postAlone(database.db, settlement(key, 499, 'CDF')))).toBe('key_reused');
    expect(await ledgerErrorOf(postAlone(database.db, { ...settlement(key, 499), kind: 'other' }))).toBe(
      'key_reused',
    );
  });

  it('refuses the same key and lines from another source', async () => {
    const key = `payment:${randomUUID()}:settled`;
    await postAlone(database.db, settlement(key, 499));
    const elsewhere = { kind: 'payment' as const, id: randomUUID() };
    expect(await ledgerErrorOf(postAlone(database.db, { ...settlement(key, 499), source: elsewhere }))).toBe(
      'key_reused',
    );
    const asCommission = { ...settlement(key, 499).source, kind: 'commission' as const };
    expect(
      await ledgerErrorOf(postAlone(database.db, { ...settlement(key, 499), source: asCommission })),
    ).toBe('key_reused');
  });

  it('posts once when the same key arrives ten times at once', async () => {
    const key = `payment:${randomUUID()}:settled`;
    const revenue = await balanceOf(database.db, REVENUE, 'USD');
    const posted = await Promise.all(
      Array.from({ length: 10 }, () => postAlone(database.db, settlement(key, 700))),
    );
    expect(new Set(posted.map((entry) => entry.id)).size).toBe(1);
    expect(posted.filter((entry) => !entry.replayed)).toHaveLength(1);
    expect(await balanceOf(database.db, REVENUE, 'USD')).toBe(revenue + 700);
    expect(await ledgerIsBalanced(database.db)).toBe(true);
  });
});

describe('reversing entries', () => {
  it('posts the opposite lines once, under the reversal key', async () => {
    const key = `payment:${randomUUID()}:settled`;
    const revenue = await balanceOf(database.db, REVENUE, 'USD');
    await postAlone(database.db, settlement(key, 999));
    const reversalKey = `payment:${randomUUID()}:refunded`;
    const reversal = await reverseAlone(database.db, { key, reversalKey });
    expect(reversal.replayed).toBe(false);
    expect(await balanceOf(database.db, REVENUE, 'USD')).toBe(revenue);
    expect(await reverseAlone(database.db, { key, reversalKey })).toEqual({ ...reversal, replayed: true });
    expect(await ledgerErrorOf(reverseAlone(database.db, { key, reversalKey: `${reversalKey}:again` }))).toBe(
      'already_reversed',
    );
    expect(await balanceOf(database.db, REVENUE, 'USD')).toBe(revenue);
    expect(await ledgerIsBalanced(database.db)).toBe(true);
  });

  it('names the source its caller gives', async () => {
    const key = `payment:${randomUUID()}:settled`;
    await postAlone(database.db, settlement(key, 999));
    const refund = { kind: 'payment' as const, id: randomUUID() };
    const reversalKey = `reversal:${randomUUID()}`;
    await database.db.transaction((tx) => reverseEntry(tx, { key, reversalKey, source: refund }));
    expect(await sourceOfKey(reversalKey)).toEqual({ source_kind: 'payment', source_id: refund.id });
  });

  it('refuses to reverse an entry that was never posted', async () => {
    expect(
      await ledgerErrorOf(reverseAlone(database.db, { key: `nothing:${randomUUID()}`, reversalKey: 'r' })),
    ).toBe('entry_not_found');
  });
});

describe('accounts that may not go negative (M2)', () => {
  it("refuses an overdraft before writing, leaving the caller's transaction usable", async () => {
    const member = randomUUID();
    await postAlone(database.db, commission(member, 100));
    const reason = await database.db.transaction(async (tx) => {
      const refused = await ledgerErrorOf(postEntry(tx, withdrawal(member, 101)));
      await postEntry(tx, withdrawal(member, 60));
      return refused;
    });
    expect(reason).toBe('overdraft');
    expect(await balanceOf(database.db, memberAccount(member, 'aff_available'), 'USD')).toBe(40);
    expect(await balanceOf(database.db, memberAccount(member, 'aff_payout_in_flight'), 'USD')).toBe(60);
  });
});
