import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Currency } from '@motema/shared/billing';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { accountBalances, journalEntries, ledgerAccounts, postings } from '../../../db/schema.ts';
import type { LedgerAccountKind, LedgerSourceKind } from '../../../db/schema.ts';

export type StoredEntry = {
  id: string;
  fingerprint: string;
  kind: string;
  description: string;
  sourceKind: LedgerSourceKind;
  sourceId: string;
  reversesEntryId: string | null;
};

const entryColumns = {
  id: journalEntries.id,
  fingerprint: journalEntries.fingerprint,
  kind: journalEntries.kind,
  description: journalEntries.description,
  sourceKind: journalEntries.sourceKind,
  sourceId: journalEntries.sourceId,
  reversesEntryId: journalEntries.reversesEntryId,
};

export async function findEntryByKey(tx: DbOrTx, key: string): Promise<StoredEntry | undefined> {
  const [row] = await tx
    .select(entryColumns)
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, key));
  return row;
}

/** The key of the entry reversing `entryId`, if it was reversed. */
export async function findReversalKey(tx: DbOrTx, entryId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ key: journalEntries.idempotencyKey })
    .from(journalEntries)
    .where(eq(journalEntries.reversesEntryId, entryId));
  return row?.key;
}

export type AccountToOpen = {
  name: string;
  currency: Currency;
  kind: LedgerAccountKind;
  mayGoNegative: boolean;
};

/**
 * The ids of these accounts, opening those that do not exist yet (their balance rows come with them,
 * by trigger). They are inserted in one order, name then currency, so two transactions opening the
 * same new accounts wait for each other in line instead of deadlocking.
 */
export async function openAccounts(tx: Tx, accounts: AccountToOpen[]) {
  const sorted = [...accounts].sort((a, b) => compare(a.name, b.name) || compare(a.currency, b.currency));
  await tx.insert(ledgerAccounts).values(sorted).onConflictDoNothing();
  const rows = await tx
    .select({ id: ledgerAccounts.id, name: ledgerAccounts.name, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.name, [...new Set(sorted.map((account) => account.name))]));
  const found = rows.filter((row) => sorted.some((a) => a.name === row.name && a.currency === row.currency));
  if (found.length < sorted.length) {
    // Opened by a transaction that committed after this one's snapshot: only READ COMMITTED sees it.
    throw new Error('a ledger account is not visible to this transaction: post entries at READ COMMITTED');
  }
  return found;
}

/**
 * Locks the balances of these accounts until the end of the transaction, always in account id
 * order (PostgreSQL locks the rows as ORDER BY hands them over): two entries touching the same
 * accounts in opposite orders queue instead of deadlocking (M5). Answers the balances once locked,
 * as the last committed transaction left them.
 */
export function lockBalances(tx: Tx, accountIds: string[]) {
  return tx
    .select({
      accountId: accountBalances.accountId,
      balanceMinor: accountBalances.balanceMinor,
      mayGoNegative: accountBalances.mayGoNegative,
    })
    .from(accountBalances)
    .where(inArray(accountBalances.accountId, accountIds))
    .orderBy(asc(accountBalances.accountId))
    .for('update');
}

/** Stores the entry; undefined when its key is taken (by a transaction that committed meanwhile). */
export async function insertEntry(
  tx: Tx,
  entry: {
    key: string;
    fingerprint: string;
    kind: string;
    source: { kind: LedgerSourceKind; id: string };
    description: string;
    reversesEntryId?: string;
  },
): Promise<string | undefined> {
  const [row] = await tx
    .insert(journalEntries)
    .values({
      idempotencyKey: entry.key,
      fingerprint: entry.fingerprint,
      kind: entry.kind,
      description: entry.description,
      sourceKind: entry.source.kind,
      sourceId: entry.source.id,
      reversesEntryId: entry.reversesEntryId ?? null,
    })
    .onConflictDoNothing({ target: journalEntries.idempotencyKey })
    .returning({ id: journalEntries.id });
  return row?.id;
}

export async function insertPostings(
  tx: Tx,
  rows: { entryId: string; accountId: string; currency: Currency; amountMinor: number }[],
): Promise<void> {
  await tx.insert(postings).values(rows);
}

/** An entry's lines, by account name. */
export function listEntryLines(tx: DbOrTx, entryId: string) {
  return tx
    .select({ account: ledgerAccounts.name, currency: postings.currency, amount: postings.amountMinor })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entryId))
    .orderBy(asc(postings.id));
}

/** The account's balance on its normal side; 0 for an account never posted to. */
export async function findBalance(db: DbOrTx, name: string, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ balance: accountBalances.balanceMinor })
    .from(accountBalances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, accountBalances.accountId))
    .where(and(eq(ledgerAccounts.name, name), eq(ledgerAccounts.currency, currency)));
  return row?.balance ?? 0;
}

/**
 * Everything that would make the ledger untrue, in words: an entry or a currency whose postings do
 * not sum to 0, an account without a balance row, a balance other than the sum of its postings
 * (on the account's normal side). Empty when the books are right.
 */
export async function findDiscrepancies(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ problem: string }>(sql`
    SELECT 'entry ' || entry_id || ' sums to ' || sum(amount_minor) || ' ' || currency AS problem
      FROM ${postings} GROUP BY entry_id, currency HAVING sum(amount_minor) <> 0
    UNION ALL
    SELECT 'all postings in ' || currency || ' sum to ' || sum(amount_minor)
      FROM ${postings} GROUP BY currency HAVING sum(amount_minor) <> 0
    UNION ALL
    SELECT 'account ' || a.name || ' ' || a.currency || ' holds ' || coalesce(b.balance_minor::text, 'no balance row')
           || ', its postings ' || coalesce(p.total, 0)
      FROM ${ledgerAccounts} a
      LEFT JOIN ${accountBalances} b ON b.account_id = a.id
      LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ${postings} GROUP BY account_id) p
        ON p.account_id = a.id
     WHERE b.balance_minor IS DISTINCT FROM
           (CASE WHEN a.kind IN ('asset', 'expense') THEN 1 ELSE -1 END) * coalesce(p.total, 0)`);
  return result.rows.map((row) => row.problem);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
