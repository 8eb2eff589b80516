import type { PaymentRow } from '../../../db/schema/billing-payments.ts';
import {
  reconcileOperation,
  type CheckOptions,
} from '../../money/operations/operation-reconciler.service.ts';
import { paymentOperation } from './payment-operation.ts';
import { backoffMs, type Transition } from './payment-transitions.ts';
import type { PaymentsDeps } from './payments-deps.ts';

export type ReconcileOutcome =
  /** Another check of this payment is in flight, or the last one is too recent: nothing done. */
  { ran: false } | { ran: true; payment: PaymentRow; transition: Transition | null };

/**
 * Asks the provider where a payment stands and applies the answer (PAYMENTS.md A4.3), through the
 * money reconciler: one check per payment at a time, across nodes; `minIntervalMs` also spaces checks
 * (verify's 5 s, P13). Only this path moves money state (P8): callbacks and browser returns end up here.
 */
export async function reconcilePayment(
  deps: PaymentsDeps,
  paymentId: string,
  options: CheckOptions = {},
): Promise<ReconcileOutcome> {
  const outcome = await reconcileOperation(deps.db, paymentOperation(deps), paymentId, options);
  return outcome.ran ? { ran: true, payment: outcome.row, transition: outcome.move } : outcome;
}

/** The next sweeper check of a payment checked `attempts` times. */
export const nextCheckAfter = (now: Date, attempts: number) => new Date(now.getTime() + backoffMs(attempts));
