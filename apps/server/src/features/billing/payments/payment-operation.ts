import type { PaymentRow, PaymentState } from '../../../db/schema/billing-payments.ts';
import type { OperationKind } from '../../money/operations/operation-kind.ts';
import type { ProviderStatus } from '../../money/providers/payment-provider.ts';
import { holdInSuspense, settleSideEffects } from './payment-settlement.service.ts';
import {
  afterCheck,
  backoffMs,
  FINAL_STATES,
  RECONCILE_FOR_MS,
  type Transition,
} from './payment-transitions.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as repo from './payments.repository.ts';

/**
 * A payment as an operation the money reconciler drives (money/operations/): checked at FlexPay by
 * its order number, moved by `afterCheck` (P10), its move bringing its ledger entry and the modules'
 * hooks (P11, P18) in the move's transaction, announced after the commit.
 */
export function paymentOperation(deps: PaymentsDeps): OperationKind<PaymentRow, ProviderStatus, Transition> {
  return {
    name: 'payment',
    takeLease: repo.takeCheckLease,
    releaseLease: repo.releaseCheckLease,
    isFinal: (payment) => FINAL_STATES.includes(payment.status),
    async check(payment, context) {
      // FlexPay is checked by its order number: an init that never answered has none until a callback
      // brings it (P6); until then nothing can be concluded.
      if (!payment.providerRef) return { kind: 'INDETERMINATE', why: 'not_found' };
      try {
        return await deps.provider.checkStatus(
          { reference: payment.reference, providerRef: payment.providerRef },
          context,
        );
      } catch {
        // An adapter that throws (it should not) says nothing either.
        return { kind: 'INDETERMINATE', why: 'transport' };
      }
    },
    lock: repo.lockPayment,
    async recordExchange(tx, payment, exchange, at) {
      await repo.insertPaymentEvent(tx, {
        paymentId: payment.id,
        kind: 'check',
        httpStatus: exchange.httpStatus,
        latencyMs: Math.round(exchange.latencyMs),
        body: exchange.body,
        createdAt: at,
      });
    },
    async apply(tx, row, observed, at) {
      const expected = {
        reference: row.reference,
        amount: { minor: row.amountMinor, currency: row.currency },
      };
      const transition = afterCheck(row.status, observed, expected);
      if (!transition) return null;
      const moved = await repo.moveState(tx, row.id, row.status, {
        status: transition.status,
        reason: transition.reason,
        updatedAt: at,
        ...(transition.status === 'SUCCESS' && { settledAt: at }),
        ...(FINAL_STATES.includes(transition.status) && { nextCheckAt: null }),
      });
      // The row is locked: nobody else can have moved it since it was read.
      if (!moved) throw new Error(`reconcile: payment ${row.id} moved under its lock`);
      await repo.insertPaymentEvent(tx, {
        paymentId: row.id,
        kind: 'transition',
        httpStatus: null,
        latencyMs: null,
        body: JSON.stringify({ from: row.status, to: transition.status, observed: observed.kind }),
        createdAt: at,
      });
      if (transition.status === 'REVIEW') {
        await repo.insertPaymentEvent(tx, {
          paymentId: row.id,
          kind: 'alert',
          httpStatus: null,
          latencyMs: null,
          body: JSON.stringify({ alert: 'paid_amount_differs', observed }),
          createdAt: at,
        });
        if (observed.kind === 'SUCCESS') await holdInSuspense(tx, moved, observed.paid);
      }
      await settleSideEffects(deps, tx, moved, row.status, at);
      return { row: moved, move: transition };
    },
    announce: (payment, transition) => announce(deps, payment, transition.status),
    backoffMs,
    checkForMs: RECONCILE_FOR_MS,
    lockDue: repo.lockDuePayments,
    schedule: repo.scheduleCheck,
    stopCheckingBefore: repo.stopCheckingBefore,
  };
}

/** After the commit: an alert for a payment to review; `payment.settled` for what the member sees change. */
export async function announce(deps: PaymentsDeps, payment: PaymentRow, status: PaymentState) {
  if (status === 'REVIEW') {
    deps.alert('a payment was reported paid with another amount, currency or reference', {
      paymentId: payment.id,
    });
    return;
  }
  if (!payment.userId || ['PENDING', 'INIT_UNKNOWN', 'CREATED'].includes(status)) return;
  await deps.events.emit('payment.settled', {
    paymentId: payment.id,
    userId: payment.userId,
    status: status === 'SUCCESS' ? 'succeeded' : 'failed',
  });
}
