import type { DbOrTx, Tx } from '../../../db/client.ts';
import type { ProviderExchange } from '../providers/payment-provider.ts';

/** A row the reconciler takes due for a check: its id and how many checks it has had. */
export type DueOperation = { id: string; checkAttempts: number };

/**
 * One kind of operation at the provider (a payment, a payout, a withdrawal number's proof) as the
 * reconciler (operation-reconciler.service.ts) drives it: the functions over its own table, how it is
 * checked at the provider, how an observation moves it. The reconciler owns the order (lease, check,
 * one transaction with the row locked, retry, announce after the commit); the kind owns its rows and
 * rules. Adding a kind is writing one of these (docs/payments.md, "Adding an operation kind").
 *
 * `Row` is the kind's row, `Observed` what the provider says of it, `Move` what applying it decided
 * (for a payment, its transition).
 */
export type OperationKind<Row extends { id: string }, Observed, Move> = {
  /** Named in the errors a broken invariant throws. */
  name: string;

  /** The check's lease: the row, leased until `leaseUntil` and marked checked at `now`; none if another check holds it or the last one is younger than `checkedBefore`. */
  takeLease(
    db: DbOrTx,
    id: string,
    now: Date,
    leaseUntil: Date,
    checkedBefore: Date | null,
  ): Promise<Row | undefined>;
  /** Gives the lease back, if it is still this one. */
  releaseLease(db: DbOrTx, id: string, leaseUntil: Date): Promise<void>;
  /** A row the provider can no longer move: not checked. */
  isFinal(row: Row): boolean;
  /** Asks the provider, within `signal`, each exchange handed to `onExchange`; never throws (an adapter's throw is an observation that says nothing). */
  check(
    row: Row,
    context: { signal: AbortSignal; onExchange: (exchange: ProviderExchange) => void },
  ): Promise<Observed>;

  /** The row, locked for the transaction. */
  lock(tx: Tx, id: string): Promise<Row | undefined>;
  /** Records one exchange of the check as an audit event of the row. */
  recordExchange(tx: Tx, row: Row, exchange: ProviderExchange, at: Date): Promise<void>;
  /**
   * Applies the observation to the locked row: decides the move, makes it conditionally on the state
   * read and, in `tx`, what it brings with it (its audit events, ledger entries, hooks). Null when
   * the observation moves nothing.
   */
  apply(tx: Tx, row: Row, observed: Observed, at: Date): Promise<{ row: Row; move: Move } | null>;
  /** After the commit: the events and alerts the move announces. */
  announce(row: Row, move: Move): Promise<void>;

  /** The sweeper's schedule: the wait before the next check of a row checked `attempts` times ... */
  backoffMs(attempts: number): number;
  /** ... for this long after the row was created; older rows are no longer checked. */
  checkForMs: number;
  /** Rows whose next check is due at `now`, created after `since`, locked with SKIP LOCKED. */
  lockDue(tx: Tx, now: Date, since: Date, limit: number): Promise<DueOperation[]>;
  /** Sets a row's next check (null: none) and its count of checks. */
  schedule(tx: Tx, id: string, at: Date | null, attempts: number): Promise<void>;
  /** Stops checking the rows created before `since`. */
  stopCheckingBefore(db: DbOrTx, since: Date): Promise<void>;
};
