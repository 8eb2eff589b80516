import type { Tx } from './db/client.ts';
import type { PaymentRow } from './db/schema/billing-payments.ts';
import type { JobQueue } from './jobs/queue.ts';

/**
 * What a payment's settlement brings with it in other features (PAYMENTS.md A4.3): the pass, a
 * partner's commission. Billing moves a payment and posts its own ledger entry, then runs every
 * module's hooks in the same transaction, in the modules' order, so that all of it commits or none
 * does, and billing imports none of the features that react. A file of its own, outside every
 * feature, so that a feature giving a hook imports no other feature.
 */
export type PaymentHookContext = {
  /** The transaction moving the payment: a hook writes only through it. */
  tx: Tx;
  /** A job a hook needs later (a release after a hold period) is sent with `jobs.sendIn(tx, ...)`. */
  jobs: JobQueue;
  at: Date;
};

export type PaymentHook = {
  /** Who reacts, for the logs: 'passes', 'partnership commission'. */
  name: string;
  /** The payment became SUCCESS: run once per payment (its move is conditional), idempotent anyway. */
  settled?: (payment: PaymentRow, context: PaymentHookContext) => Promise<void>;
  /** A paid payment's refund began (REFUND_PENDING, or REFUNDED at once): what it gave is taken back. */
  refunding?: (payment: PaymentRow, context: PaymentHookContext) => Promise<void>;
  /** A paid payment was refunded (REFUNDED): the money went back to the payer. */
  refunded?: (payment: PaymentRow, context: PaymentHookContext) => Promise<void>;
};
