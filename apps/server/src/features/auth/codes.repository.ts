import { and, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  oneTimeCodes,
  oneTimeCodeTries,
  users,
  type CodePurpose,
  type OneTimeCodeRow,
} from '../../db/schema.ts';
import { accountMatch, type AccountKey } from './accounts.repository.ts';

/** Serialises code issuing for one member and purpose until the end of the transaction. */
export async function lockCodes(tx: DbOrTx, userId: string, purpose: CodePurpose) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${userId}:${purpose}`}))`);
}

/** The most recently issued code of a member for a purpose, used or not. */
export async function findLatestCode(db: DbOrTx, userId: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * The unused code of an account for a purpose (issuing a code deletes the earlier unused ones): one
 * statement whether or not the account exists, so an unknown account costs the same round trip.
 */
export async function findUnusedCode(
  db: DbOrTx,
  account: AccountKey,
  purpose: CodePurpose,
): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .select({ code: oneTimeCodes })
    .from(oneTimeCodes)
    .innerJoin(users, eq(users.id, oneTimeCodes.userId))
    .where(and(accountMatch(account), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row?.code;
}

export async function findCodeByLinkHash(db: DbOrTx, purpose: CodePurpose, linkTokenHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.linkTokenHash, linkTokenHash), eq(oneTimeCodes.purpose, purpose)))
    .limit(1);
  return row;
}

export async function deleteUnusedCodes(db: DbOrTx, userId: string, purpose: CodePurpose) {
  await db
    .delete(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
    );
}

export async function insertCode(db: DbOrTx, values: typeof oneTimeCodes.$inferInsert) {
  await db.insert(oneTimeCodes).values(values);
}

/** Marks an unused code used; false when a concurrent request used it first. */
export async function markCodeUsed(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** The counters a try counts on (keys of one_time_code_tries); `window` may be left out. */
export type TryKeys = { mine: string; total: string; window: string | null };
export type TryCounts = {
  mine: number;
  total: number | null;
  window: { tries: number; endsAt: Date } | null;
};

/** Adds one to a counter (when `from` yields a row), or starts it again at 1 when its window has ended. */
const bump = (key: string | null, from: SQL, now: Date, endsAt: Date) => sql`
  insert into one_time_code_tries as c (key, tries, ends_at)
  select ${key}::text, 1, ${endsAt.toISOString()}::timestamptz ${from}
  on conflict (key) do update set
    tries = case when c.ends_at <= ${now.toISOString()}::timestamptz then 1 else c.tries + 1 end,
    ends_at = case when c.ends_at <= ${now.toISOString()}::timestamptz then excluded.ends_at else c.ends_at end`;

/**
 * Counts a try in one statement, before the code is compared (so concurrent tries can never be
 * compared more often than allowed): the requester's tries at the code, then, when those stay within
 * `maxMine`, all tries at the code, and the requester's window at the identifier. The same writes
 * whatever the keys stand for. The new counts (`total` null when it was not counted).
 */
export async function countTry(
  db: DbOrTx,
  keys: TryKeys,
  now: Date,
  lengthMs: number,
  maxMine: number,
): Promise<TryCounts> {
  const endsAt = new Date(now.getTime() + lengthMs);
  const result = await db.execute<{
    mine: number;
    total: number | null;
    window_tries: number | null;
    window_ends: string | Date | null;
  }>(sql`
    with mine as (${bump(keys.mine, sql``, now, endsAt)} returning tries),
    total as (${bump(keys.total, sql`from mine where mine.tries <= ${maxMine}`, now, endsAt)} returning tries),
    win as (${bump(keys.window, sql`where ${keys.window}::text is not null`, now, endsAt)} returning tries, ends_at)
    select (select tries from mine) as mine, (select tries from total) as total,
      (select tries from win) as window_tries, (select ends_at from win) as window_ends`);
  const row = result.rows[0]!;
  return {
    mine: Number(row.mine),
    total: row.total === null ? null : Number(row.total),
    window:
      row.window_tries === null || row.window_ends === null
        ? null
        : { tries: Number(row.window_tries), endsAt: new Date(row.window_ends) },
  };
}

/** Takes back a counted try (it had the right digits: not a wrong try). */
export async function uncountTry(db: DbOrTx, keys: TryKeys): Promise<void> {
  const counted = [keys.mine, keys.total, keys.window].filter((key): key is string => key !== null);
  await db
    .update(oneTimeCodeTries)
    .set({ tries: sql`greatest(${oneTimeCodeTries.tries} - 1, 0)` })
    .where(inArray(oneTimeCodeTries.key, counted));
}

/** A counter's tries in its current window (0 when it has none). */
export async function findTries(db: DbOrTx, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ tries: oneTimeCodeTries.tries })
    .from(oneTimeCodeTries)
    .where(and(eq(oneTimeCodeTries.key, key), gt(oneTimeCodeTries.endsAt, now)));
  return row?.tries ?? 0;
}

/** Forgets the counters whose window has ended (they no longer change any answer). */
export async function deleteEndedTries(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oneTimeCodeTries).where(lte(oneTimeCodeTries.endsAt, now));
}
