import type { PaymentHook } from '../../../payment-hooks-port.ts';
import { grantPass, revokePass } from './passes.service.ts';

/** A paid plan's pass: granted when its payment settles, taken back when a refund begins (P11, P18). */
export const passesPaymentHook: PaymentHook = {
  name: 'passes',
  async settled(payment, { tx, at }) {
    if (!payment.userId) return;
    await grantPass(tx, { paymentId: payment.id, userId: payment.userId, planId: payment.planId, at });
  },
  // A refund under way already takes the pass back: the money is on its way to the payer.
  async refunding(payment, { tx, at }) {
    await revokePass(tx, { paymentId: payment.id, at });
  },
};
