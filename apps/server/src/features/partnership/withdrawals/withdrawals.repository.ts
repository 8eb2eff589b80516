import { and, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Currency } from '@motema/shared/billing';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import {
  withdrawalAccounts,
  withdrawalEvents,
  withdrawalProofs,
  withdrawals,
  WITHDRAWAL_OPEN_STATES,
  type ProviderOperationState,
  type WithdrawalAccountRow,
  type WithdrawalProofRow,
  type WithdrawalRow,
} from '../../../db/schema.ts';

/** The tables the money reconciler leases, locks and schedules (its `operationRows`). */
export const payoutTable = withdrawals;
export const proofTable = withdrawalProofs;

export async function insertProof(
  tx: Tx,
  row: Pick<WithdrawalProofRow, 'userId' | 'phone' | 'reference' | 'amountMinor' | 'currency' | 'createdAt'>,
): Promise<WithdrawalProofRow> {
  const [inserted] = await tx
    .insert(withdrawalProofs)
    .values({ ...row, updatedAt: row.createdAt })
    .returning();
  return inserted!;
}

export async function findProof(db: DbOrTx, id: string): Promise<WithdrawalProofRow | undefined> {
  const [row] = await db.select().from(withdrawalProofs).where(eq(withdrawalProofs.id, id));
  return row;
}

type OperationChange = Partial<{
  status: ProviderOperationState;
  reason: string | null;
  providerRef: string;
  nextCheckAt: Date | null;
  settledAt: Date;
  updatedAt: Date;
}>;

/** Moves a proof from `from` (null: whatever the row holds); undefined when it was not there. */
export async function moveProof(
  db: DbOrTx,
  id: string,
  from: ProviderOperationState,
  change: OperationChange,
) {
  const [row] = await db
    .update(withdrawalProofs)
    .set(change)
    .where(and(eq(withdrawalProofs.id, id), eq(withdrawalProofs.status, from)))
    .returning();
  return row;
}

export async function findAccount(db: DbOrTx, userId: string): Promise<WithdrawalAccountRow | undefined> {
  const [row] = await db.select().from(withdrawalAccounts).where(eq(withdrawalAccounts.userId, userId));
  return row;
}

/** The member's withdrawal account, locked: a withdrawal and a change of number queue on it (M7). */
export async function lockAccount(tx: Tx, userId: string): Promise<WithdrawalAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(withdrawalAccounts)
    .where(eq(withdrawalAccounts.userId, userId))
    .for('update');
  return row;
}

/** A new number to prove (or the same one proven again): unproven until its proof settles. */
export async function saveAccount(
  tx: Tx,
  row: { userId: string; phone: string; proofId: string; changed: boolean; updatedAt: Date },
) {
  await tx
    .insert(withdrawalAccounts)
    .values({ ...row, provenAt: null, withdrawableFrom: null })
    .onConflictDoUpdate({
      target: withdrawalAccounts.userId,
      set: { ...row, provenAt: null, withdrawableFrom: null },
    });
}

/** The proof's number proven, if it is still the account's latest proof. */
export async function markProven(tx: Tx, proofId: string, provenAt: Date, cooldownMs: number) {
  await tx
    .update(withdrawalAccounts)
    .set({
      provenAt,
      withdrawableFrom: sql`CASE WHEN ${withdrawalAccounts.changed} THEN ${new Date(provenAt.getTime() + cooldownMs)}::timestamptz ELSE ${provenAt}::timestamptz END`,
      updatedAt: provenAt,
    })
    .where(and(eq(withdrawalAccounts.proofId, proofId), isNull(withdrawalAccounts.provenAt)));
}

export async function insertWithdrawal(
  tx: Tx,
  row: Pick<
    WithdrawalRow,
    | 'userId'
    | 'idempotencyKey'
    | 'fingerprint'
    | 'reference'
    | 'phone'
    | 'amountMinor'
    | 'currency'
    | 'createdAt'
  >,
): Promise<WithdrawalRow> {
  const [inserted] = await tx
    .insert(withdrawals)
    .values({ ...row, updatedAt: row.createdAt })
    .returning();
  return inserted!;
}

export async function findWithdrawal(db: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function findWithdrawalByKey(db: DbOrTx, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)));
  return row;
}

/** The member's withdrawal in flight, if any (one at a time). */
export async function findOpenWithdrawal(db: DbOrTx, userId: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, WITHDRAWAL_OPEN_STATES)));
  return row;
}

/** The latest withdrawal of the member, settled or not (the partnership fetch's). */
export async function findLatestWithdrawal(db: DbOrTx, userId: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(1);
  return row;
}

/** What went (or is going) to `phone` in `currency` since `since`: every withdrawal not failed. */
export async function sentToPhoneSince(db: DbOrTx, phone: string, currency: Currency, since: Date) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amountMinor}), 0)` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.phone, phone),
        eq(withdrawals.currency, currency),
        ne(withdrawals.status, 'FAILED'),
        gte(withdrawals.createdAt, since),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function moveWithdrawal(
  db: DbOrTx,
  id: string,
  from: ProviderOperationState,
  change: OperationChange,
) {
  const [row] = await db
    .update(withdrawals)
    .set(change)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
    .returning();
  return row;
}

/**
 * Withdrawals whose payout's outcome only an operator can learn (P19): UNKNOWN (no order number to
 * check them by), or PENDING with their checks stopped (48 h without a definitive answer).
 */
export function listUnknownWithdrawals(db: DbOrTx) {
  return db
    .select()
    .from(withdrawals)
    .where(
      or(
        eq(withdrawals.status, 'UNKNOWN'),
        and(eq(withdrawals.status, 'PENDING'), isNull(withdrawals.nextCheckAt)),
      ),
    )
    .orderBy(withdrawals.createdAt);
}

export async function insertEvent(
  db: DbOrTx,
  event: {
    withdrawalId?: string;
    proofId?: string;
    kind: string;
    httpStatus: number | null;
    latencyMs: number | null;
    body: string;
    createdAt: Date;
  },
) {
  await db.insert(withdrawalEvents).values(event);
}

export async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

export async function findWithdrawalByReference(db: DbOrTx, reference: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.reference, reference));
  return row;
}

export async function findProofByReference(db: DbOrTx, reference: string) {
  const [row] = await db.select().from(withdrawalProofs).where(eq(withdrawalProofs.reference, reference));
  return row;
}

/** A callback's order number for a withdrawal that has none (its payout's answer was lost), checked from now. */
export async function setWithdrawalProviderRef(db: DbOrTx, id: string, providerRef: string, now: Date) {
  await db
    .update(withdrawals)
    .set({ providerRef, nextCheckAt: now })
    .where(and(eq(withdrawals.id, id), isNull(withdrawals.providerRef), eq(withdrawals.status, 'UNKNOWN')));
}

export async function setProofProviderRef(db: DbOrTx, id: string, providerRef: string, now: Date) {
  await db
    .update(withdrawalProofs)
    .set({ providerRef, nextCheckAt: now })
    .where(
      and(
        eq(withdrawalProofs.id, id),
        isNull(withdrawalProofs.providerRef),
        inArray(withdrawalProofs.status, ['CREATED', 'UNKNOWN']),
      ),
    );
}
