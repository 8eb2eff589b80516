import type { NotificationContribution } from '../../../notification-port.ts';
import { paymentSources } from './payment-notifications.policy.ts';
import { findOwnPayment } from './payments.service.ts';

/** Billing's kind of notification (the notification port): a payment of the member's settled or failed. */
export const billingNotifications: NotificationContribution[] = [
  {
    kind: 'payment',
    sources: paymentSources,
    async tell(db, { userId, ref }, now, { unlessGone }) {
      const payment = await unlessGone(findOwnPayment(db, userId, ref));
      if (!payment || (payment.status !== 'SUCCESS' && payment.status !== 'FAILED')) return null;
      return {
        subject: { kind: 'payment', succeeded: payment.status === 'SUCCESS' },
        url: '/premium/subscriptions',
        tag: `payment:${ref}`,
        count: 1,
        at: now,
      };
    },
    trigger: (events, push) =>
      events.on('payment.settled', ({ paymentId, userId }) =>
        push({ userId, kind: 'payment', ref: paymentId }),
      ),
  },
];
