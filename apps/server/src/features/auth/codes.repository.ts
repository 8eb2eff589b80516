import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeCodes, type CodePurpose } from '../../db/schema.ts';

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

/** The unused code of a member for a purpose (issuing a code deletes the earlier unused ones). */
export async function findUnusedCode(db: DbOrTx, userId: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
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

/** Marks a live code used; false when another request used it or it died in the meantime. */
export async function markCodeUsed(db: DbOrTx, id: string, maxTries: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt), lt(oneTimeCodes.tries, maxTries)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/**
 * Counts one wrong try, atomically and never past `maxTries`: the new count, or undefined when the
 * code was already dead (used, or out of tries).
 */
export async function countWrongTry(db: DbOrTx, id: string, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ tries: sql`${oneTimeCodes.tries} + 1` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt), lt(oneTimeCodes.tries, maxTries)))
    .returning({ tries: oneTimeCodes.tries });
  return row?.tries;
}
