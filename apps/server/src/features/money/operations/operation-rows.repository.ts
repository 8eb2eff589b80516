import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import type { DueOperation, OperationKind } from './operation-kind.ts';

/** A table with the reconciler's columns (docs/payments.md, "Adding an operation kind"). */
export type OperationTable = PgTable & {
  id: PgColumn;
  lastCheckedAt: PgColumn;
  nextCheckAt: PgColumn;
  checkAttempts: PgColumn;
  checkLeaseUntil: PgColumn;
  createdAt: PgColumn;
};

type RowFunctions<Row> = Pick<
  OperationKind<Row & { id: string }, unknown, unknown>,
  'takeLease' | 'releaseLease' | 'lock' | 'lockDue' | 'schedule' | 'stopCheckingBefore'
>;

/**
 * The reconciler's functions over the columns every operation table has, written once for the kinds
 * whose table is nothing but those columns beside its own (a payout, a number's proof): the lease,
 * the lock, the due rows and their schedule.
 */
export function operationRows<Row extends { id: string }>(table: OperationTable): RowFunctions<Row> {
  return {
    async takeLease(db: DbOrTx, id: string, now: Date, leaseUntil: Date, checkedBefore: Date | null) {
      const [row] = await db
        .update(table)
        .set({ checkLeaseUntil: leaseUntil, lastCheckedAt: now } as never)
        .where(
          and(
            eq(table.id, id),
            or(isNull(table.checkLeaseUntil), lte(table.checkLeaseUntil, now)),
            checkedBefore
              ? or(isNull(table.lastCheckedAt), lte(table.lastCheckedAt, checkedBefore))
              : undefined,
          ),
        )
        .returning();
      return row as Row | undefined;
    },
    async releaseLease(db: DbOrTx, id: string, leaseUntil: Date) {
      await db
        .update(table)
        .set({ checkLeaseUntil: null } as never)
        .where(and(eq(table.id, id), eq(table.checkLeaseUntil, leaseUntil)));
    },
    async lock(tx: Tx, id: string) {
      const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      return row as Row | undefined;
    },
    async lockDue(tx: Tx, now: Date, since: Date, limit: number) {
      const rows = await tx
        .select({ id: table.id, checkAttempts: table.checkAttempts })
        .from(table)
        .where(and(isNotNull(table.nextCheckAt), lte(table.nextCheckAt, now), gt(table.createdAt, since)))
        .orderBy(table.nextCheckAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows as DueOperation[];
    },
    async schedule(tx: Tx, id: string, at: Date | null, attempts: number) {
      await tx
        .update(table)
        .set({ nextCheckAt: at, checkAttempts: attempts } as never)
        .where(eq(table.id, id));
    },
    async stopCheckingBefore(db: DbOrTx, since: Date) {
      await db
        .update(table)
        .set({ nextCheckAt: null } as never)
        .where(and(isNotNull(table.nextCheckAt), lte(table.createdAt, since)));
    },
  };
}
