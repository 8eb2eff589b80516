/**
 * Why the ledger refused an entry. These are the callers' bugs or races, not a member's bad input:
 * a feature that lets a member cause one (a withdrawal beyond the balance: `overdraft`) answers with
 * its own AppError.
 */
export type LedgerErrorReason =
  /** Fewer than two lines, an amount that is not a non-zero integer, or lines that do not sum to 0 per currency. */
  | 'unbalanced'
  /** An account name the chart of accounts (ledger-accounts.ts) does not know. */
  | 'unknown_account'
  /** The idempotency key was already posted with other lines (A3.6): a bug, never a retry. */
  | 'key_reused'
  /** The entry would take an account that may not go negative below 0. */
  | 'overdraft'
  /** reverseEntry: no entry has this key. */
  | 'entry_not_found'
  /** reverseEntry: the entry was already reversed under another key. */
  | 'already_reversed';

export class LedgerError extends Error {
  readonly reason: LedgerErrorReason;

  constructor(reason: LedgerErrorReason, message: string) {
    super(message);
    this.name = 'LedgerError';
    this.reason = reason;
  }
}
