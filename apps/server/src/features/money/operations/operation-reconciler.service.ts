import type { Db } from '../../../db/client.ts';
import { clock } from '../../../lib/clock.ts';
import type { ProviderExchange } from '../providers/payment-provider.ts';
import type { DueOperation, OperationKind } from './operation-kind.ts';
import { retryOnConflict } from './retry-on-conflict.ts';

/** A check's lease: long enough for its provider call (whose own budget is shorter), short if a node dies. */
const LEASE_MS = 20_000;
/** A status check's budget when nobody waits for it (jobs, the sweeper). */
const CHECK_BUDGET_MS = 10_000;

export type OperationOutcome<Row, Move> =
  /** Another check of this row is in flight, or the last one is too recent: nothing done. */
  { ran: false } | { ran: true; row: Row; move: Move | null };

export type CheckOptions = { minIntervalMs?: number; budgetMs?: number };

/**
 * Asks the provider where an operation stands and applies the answer (PAYMENTS.md A4.3), for any
 * kind of operation. One check per row at a time, across nodes (a lease on the row); `minIntervalMs`
 * also spaces checks. The answer is applied in one transaction with the row locked: the check's
 * exchanges as audit events, the conditional move and what it brings with it; the announcements
 * follow the commit.
 */
export async function reconcileOperation<Row extends { id: string }, Observed, Move>(
  db: Db,
  kind: OperationKind<Row, Observed, Move>,
  id: string,
  options: CheckOptions = {},
): Promise<OperationOutcome<Row, Move>> {
  const now = clock.now();
  const checkedBefore = options.minIntervalMs ? new Date(now.getTime() - options.minIntervalMs) : null;
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const leased = await kind.takeLease(db, id, now, leaseUntil, checkedBefore);
  if (!leased) return { ran: false };
  try {
    if (kind.isFinal(leased)) return { ran: true, row: leased, move: null };
    const exchanges: ProviderExchange[] = [];
    const observed = await kind.check(leased, {
      signal: AbortSignal.timeout(options.budgetMs ?? CHECK_BUDGET_MS),
      onExchange: (exchange) => exchanges.push(exchange),
    });
    return { ran: true, ...(await applyObservation(db, kind, id, observed, exchanges)) };
  } finally {
    await kind.releaseLease(db, id, leaseUntil);
  }
}

async function applyObservation<Row extends { id: string }, Observed, Move>(
  db: Db,
  kind: OperationKind<Row, Observed, Move>,
  id: string,
  observed: Observed,
  exchanges: ProviderExchange[],
): Promise<{ row: Row; move: Move | null }> {
  const now = clock.now();
  const applied = await retryOnConflict(() =>
    db.transaction(async (tx) => {
      const row = await kind.lock(tx, id);
      if (!row) throw new Error(`reconcile: no ${kind.name} ${id}`);
      for (const exchange of exchanges) await kind.recordExchange(tx, row, exchange, now);
      return (await kind.apply(tx, row, observed, now)) ?? { row, move: null };
    }),
  );
  if (applied.move !== null) await kind.announce(applied.row, applied.move);
  return applied;
}

/**
 * The sweeper's checks of one kind (P12): rows older than its `checkForMs` are no longer checked;
 * the due ones are locked with SKIP LOCKED while their next check is moved along the back-off, so
 * nodes sweeping together take different rows, then checked `concurrency` at a time.
 */
export async function sweepDueOperations<Row extends { id: string }, Observed, Move>(
  db: Db,
  kind: OperationKind<Row, Observed, Move>,
  limits: { batch: number; concurrency: number },
): Promise<DueOperation[]> {
  const now = clock.now();
  const since = new Date(now.getTime() - kind.checkForMs);
  await kind.stopCheckingBefore(db, since);
  const due = await db.transaction(async (tx) => {
    const rows = await kind.lockDue(tx, now, since, limits.batch);
    for (const row of rows) {
      const attempts = row.checkAttempts + 1;
      await kind.schedule(tx, row.id, new Date(now.getTime() + kind.backoffMs(attempts)), attempts);
    }
    return rows;
  });
  const queue = [...due];
  await Promise.all(
    Array.from({ length: limits.concurrency }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await reconcileOperation(db, kind, row.id);
    }),
  );
  return due;
}

/** The reconciler's row functions over a kind's table, for the features that define a kind. */
export { operationRows, type OperationTable } from './operation-rows.repository.ts';
