import type { PaymentRow } from '../../../db/schema/billing-payments.ts';
import { clock } from '../../../lib/clock.ts';
import { afterMemberCancel } from './payment-transitions.ts';
import { announce } from './payment-operation.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { findOwnPayment } from './payments.service.ts';
import * as repo from './payments.repository.ts';

/** A race with a check (CREATED -> PENDING, or a settlement) is tried again on the state it left. */
const ATTEMPTS = 3;

/**
 * POST /payments/:id/cancel (decision 0035): the owner stops waiting for a payment still open. It
 * becomes EXPIRED with the reason `member_cancelled` (afterMemberCancel): out of the member's way,
 * still checked for 48 h, honoured if paid later. Owner only (404 to anyone else, P13). Idempotent:
 * a payment already cancelled, settled meanwhile or otherwise past cancelling is answered as it stands,
 * so a member sees a payment that succeeded rather than a cancel.
 */
export async function cancelOwnPayment(deps: PaymentsDeps, userId: string, id: string): Promise<PaymentRow> {
  let payment = await findOwnPayment(deps.db, userId, id);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const transition = afterMemberCancel(payment.status);
    if (!transition) return payment;
    const now = clock.now();
    const moved = await repo.moveState(deps.db, payment.id, payment.status, {
      status: transition.status,
      reason: transition.reason,
      updatedAt: now,
    });
    if (moved) {
      await repo.insertPaymentEvent(deps.db, {
        paymentId: moved.id,
        kind: 'transition',
        httpStatus: null,
        latencyMs: null,
        body: JSON.stringify({ from: payment.status, to: moved.status, by: 'member' }),
        createdAt: now,
      });
      // The member's other devices leave their wizard too.
      await announce(deps, moved, moved.status);
      return moved;
    }
    payment = await findOwnPayment(deps.db, userId, id);
  }
  return payment;
}
