import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { idempotencyKeys, type IdempotencyKeyRow } from '../../../db/schema/billing-payments.ts';

/**
 * Claims (user, key) for a request of this fingerprint: true for the first claimer. A second claimer
 * in another transaction waits on the unique key until the first commits or rolls back, so it never
 * sees a half-made claim.
 */
export async function claimKey(
  db: DbOrTx,
  claim: { userId: string; key: string; fingerprint: string; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(
  db: DbOrTx,
  userId: string,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

export async function linkKeyToPayment(db: DbOrTx, userId: string, key: string, paymentId: string) {
  await db
    .update(idempotencyKeys)
    .set({ paymentId })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** The answer every later request with this key gets, word for word. */
export async function storeAnswer(
  db: DbOrTx,
  userId: string,
  key: string,
  statusCode: number,
  answer: unknown,
) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, answer })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Forgets keys created before `before` (kept at least a day, A3). */
export async function deleteKeysBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
