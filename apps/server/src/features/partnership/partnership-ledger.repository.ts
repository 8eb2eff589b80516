import { sql } from 'drizzle-orm';
import type { Currency } from '@motema/shared/billing';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, payments, postings } from '../../db/schema.ts';

/*
 * The partnership's reads of the ledger (declared in db/schema/billing-ledger.ts, decision 0037): its
 * entries are posted through billing's ledger service only; what a partner earned and their journal
 * are read from the postings, never from a number stored beside them.
 */

/** The member's accounts' names start so: `user:<id>:`. */
const accountsOf = (userId: string) => `user:${userId}:%`;

/** Commission entries and their reversals, credited to (or debited from) a member's pending account. */
const commissionKinds = sql`(e.kind = 'commission' OR (e.kind = 'reversal' AND r.kind = 'commission'))`;

/** What the commission of a payment credited, and to whom; undefined when none was posted. */
export async function findCommission(db: DbOrTx, key: string) {
  const { rows } = await db.execute<{
    account: string;
    amount: string;
    currency: Currency;
    reversed: boolean;
  }>(sql`
    SELECT a.name AS account, -p.amount_minor AS amount, p.currency,
           EXISTS (SELECT 1 FROM ${journalEntries} x WHERE x.reverses_entry_id = e.id) AS reversed
      FROM ${journalEntries} e
      JOIN ${postings} p ON p.entry_id = e.id
      JOIN ${ledgerAccounts} a ON a.id = p.account_id
     WHERE e.idempotency_key = ${key} AND a.name LIKE 'user:%:aff_pending'`);
  const [row] = rows;
  if (!row) return undefined;
  const partnerId = row.account.split(':')[1]!;
  return { partnerId, amount: Number(row.amount), currency: row.currency, reversed: row.reversed };
}

/** Whether the entry of `key` was posted and not reversed. */
export async function isPostedAndStanding(db: DbOrTx, key: string): Promise<boolean> {
  const { rows } = await db.execute<{ standing: boolean }>(sql`
    SELECT NOT EXISTS (SELECT 1 FROM ${journalEntries} x WHERE x.reverses_entry_id = e.id) AS standing
      FROM ${journalEntries} e WHERE e.idempotency_key = ${key}`);
  return rows[0]?.standing ?? false;
}

/** All commission credited to the member less its reversals, per currency: the partnership's revenue. */
export async function revenueOf(db: DbOrTx, userId: string): Promise<Map<Currency, number>> {
  const { rows } = await db.execute<{ currency: Currency; revenue: string }>(sql`
    SELECT p.currency, -sum(p.amount_minor) AS revenue
      FROM ${postings} p
      JOIN ${ledgerAccounts} a ON a.id = p.account_id
      JOIN ${journalEntries} e ON e.id = p.entry_id
      LEFT JOIN ${journalEntries} r ON r.id = e.reverses_entry_id
     WHERE a.name = ${`user:${userId}:aff_pending`} AND ${commissionKinds}
     GROUP BY p.currency`);
  return new Map(rows.map((row) => [row.currency, Number(row.revenue)]));
}

/** What each of these children's payments earned the member, per child and currency. */
export async function revenueByChild(db: DbOrTx, userId: string, childIds: string[]) {
  if (childIds.length === 0) return [];
  const { rows } = await db.execute<{ childId: string; currency: Currency; revenue: string }>(sql`
    SELECT pay.user_id AS "childId", p.currency, -sum(p.amount_minor) AS revenue
      FROM ${postings} p
      JOIN ${ledgerAccounts} a ON a.id = p.account_id
      JOIN ${journalEntries} e ON e.id = p.entry_id
      LEFT JOIN ${journalEntries} r ON r.id = e.reverses_entry_id
      JOIN ${payments} pay ON pay.id = e.source_id AND e.source_kind = 'payment'
     WHERE a.name = ${`user:${userId}:aff_pending`} AND ${commissionKinds}
       AND pay.user_id IN (${sql.join(
         childIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
     GROUP BY pay.user_id, p.currency`);
  return rows.map((row) => ({ ...row, revenue: Number(row.revenue) }));
}

export type MemberEntry = {
  id: string;
  createdAt: Date;
  kind: string;
  reversedKind: string | null;
  sourceKind: string;
  sourceId: string;
  currency: Currency;
  /**
   * The sum of the entry's postings on the member's balance, on hold and available (< 0: credited,
   * it grew); "being paid out" left out: money asked for has left the balance.
   */
  held: number;
  /** The largest posting on one of their accounts, unsigned: what a move between them moved. */
  moved: number;
};

/**
 * The ledger entries touching the member's accounts, newest first (within one transaction, whose
 * entries share their time, in the order they were posted), one row per entry and currency.
 */
export async function listMemberEntries(
  db: DbOrTx,
  userId: string,
  { skip, limit, kinds }: { skip: number; limit: number; kinds: readonly string[] },
): Promise<{ entries: MemberEntry[]; count: number }> {
  const known = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const touching = sql`
    SELECT e.id, e.created_at, e.kind, r.kind AS reversed_kind, e.source_kind, e.source_id, p.currency,
           coalesce(sum(p.amount_minor) FILTER (WHERE a.name IN (${`user:${userId}:aff_pending`},
             ${`user:${userId}:aff_available`})), 0) AS held,
           max(abs(p.amount_minor)) AS moved, max(p.id) AS seq
      FROM ${journalEntries} e
      JOIN ${postings} p ON p.entry_id = e.id
      JOIN ${ledgerAccounts} a ON a.id = p.account_id
      LEFT JOIN ${journalEntries} r ON r.id = e.reverses_entry_id
     WHERE a.name LIKE ${accountsOf(userId)} AND coalesce(r.kind, e.kind) IN (${known})
     GROUP BY e.id, r.kind, p.currency`;
  const [page, total] = await Promise.all([
    db.execute<{
      id: string;
      created_at: Date | string;
      kind: string;
      reversed_kind: string | null;
      source_kind: string;
      source_id: string;
      currency: Currency;
      held: string;
      moved: string;
    }>(sql`${touching} ORDER BY created_at DESC, seq DESC OFFSET ${skip} LIMIT ${limit}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${touching}) t`),
  ]);
  return {
    entries: page.rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at),
      kind: row.kind,
      reversedKind: row.reversed_kind,
      sourceKind: row.source_kind,
      sourceId: row.source_id,
      currency: row.currency,
      held: Number(row.held),
      moved: Number(row.moved),
    })),
    count: total.rows[0]?.n ?? 0,
  };
}
