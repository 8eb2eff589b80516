import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLEARING,
  commission,
  ledgerTestDatabase,
  postAlone,
  REVENUE,
  settlement,
} from '../../../test/ledger-bed.ts';
import { memberAccount } from './ledger-accounts.ts';
import { balanceOf, ledgerIsBalanced } from './ledger.service.ts';

// The ledger's rules hold in the database itself (M1, migration billing_ledger_rules): these tests
// write SQL by hand, as code with a bug could, and see it refused.

const database = ledgerTestDatabase();

/** Posts a settled payment's entry through the service, so that the accounts exist. */
function settle(amount: number) {
  return postAlone(database.db, settlement(`payment:${randomUUID()}:settled`, amount));
}

async function entryExists(id: string): Promise<boolean> {
  const { rows } = await database.pool.query('SELECT 1 FROM journal_entries WHERE id = $1', [id]);
  return rows.length > 0;
}

type SqlRefusal = { code?: string; message: string; at: string };

/**
 * Runs raw SQL in a transaction of its own, as any code with a bug could. Answers the error, if
 * any, with the statement that met it (`at`: the statement, or 'COMMIT' for a deferred check).
 */
async function sqlTransaction(...statements: string[]): Promise<SqlRefusal | undefined> {
  const client = await database.pool.connect();
  let at = 'BEGIN';
  try {
    for (const statement of ['BEGIN', ...statements, 'COMMIT']) {
      at = statement;
      await client.query(statement);
    }
    return undefined;
  } catch (error) {
    await client.query('ROLLBACK');
    const { code, message } = error as { code?: string; message: string };
    return { code, message, at };
  } finally {
    client.release();
  }
}

describe('the database keeps the rules when the code does not (M1)', () => {
  it('refuses at commit an entry whose postings do not sum to 0', async () => {
    await settle(100);
    const entryId = randomUUID();
    const error = await sqlTransaction(
      `INSERT INTO journal_entries (id, idempotency_key, fingerprint, kind, source_kind, source_id, description)
       VALUES ('${entryId}', 'raw:${entryId}', '-', 'test', 'payment', '${entryId}', 'unbalanced by hand')`,
      `INSERT INTO postings (entry_id, account_id, currency, amount_minor)
       SELECT '${entryId}', id, currency, CASE name WHEN '${CLEARING}' THEN 100 ELSE -99 END
         FROM ledger_accounts WHERE name IN ('${CLEARING}', '${REVENUE}') AND currency = 'USD'`,
    );
    expect(error).toMatchObject({
      code: '23514',
      message: expect.stringContaining('does not balance in USD'),
      at: 'COMMIT',
    });
    expect(await entryExists(entryId)).toBe(false);
    expect(await ledgerIsBalanced(database.db)).toBe(true);
  });

  it('refuses at commit an entry without postings', async () => {
    const id = randomUUID();
    const error = await sqlTransaction(
      `INSERT INTO journal_entries (id, idempotency_key, fingerprint, kind, source_kind, source_id, description) VALUES ('${id}', 'raw:${id}', '-', 'test', 'payment', '${id}', 'empty')`,
    );
    expect(error).toMatchObject({
      code: '23514',
      message: expect.stringContaining('fewer than two postings'),
      at: 'COMMIT',
    });
  });

  it('refuses an entry that names no source, or a kind of source the ledger does not know', async () => {
    const id = randomUUID();
    const entry = (sourceKind: string, sourceId: string) =>
      `INSERT INTO journal_entries (id, idempotency_key, fingerprint, kind, source_kind, source_id, description)
       VALUES ('${id}', 'raw:${id}', '-', 'test', ${sourceKind}, ${sourceId}, 'sourceless')`;
    expect(await sqlTransaction(entry('NULL', `'${id}'`))).toMatchObject({ code: '23502' });
    expect(await sqlTransaction(entry("'payment'", 'NULL'))).toMatchObject({ code: '23502' });
    expect(await sqlTransaction(entry("'gift'", `'${id}'`))).toMatchObject({
      code: '23514',
      message: expect.stringContaining('journal_entries_source_kind'),
    });
    expect(await entryExists(id)).toBe(false);
  });

  it('refuses to update or delete a posting or an entry, and to set a balance by hand', async () => {
    await settle(100);
    const balance = await balanceOf(database.db, REVENUE, 'USD');
    for (const statement of [
      'UPDATE postings SET amount_minor = amount_minor * 2',
      'DELETE FROM postings',
      'TRUNCATE postings CASCADE',
      "UPDATE journal_entries SET description = 'rewritten'",
      `UPDATE journal_entries SET source_id = '${randomUUID()}'`,
      "UPDATE journal_entries SET source_kind = 'payout'",
      'DELETE FROM journal_entries',
      'UPDATE account_balances SET balance_minor = balance_minor + 1',
      'DELETE FROM account_balances',
      'UPDATE ledger_accounts SET may_go_negative = true',
    ]) {
      const error = await sqlTransaction(statement);
      expect(error, statement).toMatchObject({ code: '23001' });
    }
    expect(await balanceOf(database.db, REVENUE, 'USD')).toBe(balance);
    expect(await ledgerIsBalanced(database.db)).toBe(true);
  });

  it('refuses a posting in another currency than its account', async () => {
    const id = randomUUID();
    const error = await sqlTransaction(
      `INSERT INTO journal_entries (id, idempotency_key, fingerprint, kind, source_kind, source_id, description) VALUES ('${id}', 'raw:${id}', '-', 'test', 'payment', '${id}', 'mixed')`,
      `INSERT INTO postings (entry_id, account_id, currency, amount_minor)
       SELECT '${id}', id, 'CDF', CASE name WHEN '${CLEARING}' THEN 1 ELSE -1 END
         FROM ledger_accounts WHERE name IN ('${CLEARING}', '${REVENUE}') AND currency = 'USD'`,
    );
    expect(error).toMatchObject({ code: '23503' });
  });

  it('refuses an overdraft of an account that may not go negative', async () => {
    const member = randomUUID();
    await postAlone(database.db, commission(member, 100, `commission:${member}`));
    const id = randomUUID();
    const error = await sqlTransaction(
      `INSERT INTO journal_entries (id, idempotency_key, fingerprint, kind, source_kind, source_id, description) VALUES ('${id}', 'raw:${id}', '-', 'test', 'payment', '${id}', 'overdraft')`,
      `INSERT INTO postings (entry_id, account_id, currency, amount_minor)
       SELECT '${id}', id, currency, CASE name WHEN 'platform:commission_expense' THEN -101 ELSE 101 END
         FROM ledger_accounts WHERE name IN ('platform:commission_expense', '${memberAccount(member, 'aff_available')}')`,
    );
    expect(error).toMatchObject({
      code: '23514',
      message: expect.stringContaining('account_balances_non_negative'),
    });
    expect(await balanceOf(database.db, memberAccount(member, 'aff_available'), 'USD')).toBe(100);
  });
});
