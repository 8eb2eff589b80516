import type { NotificationContribution } from '../../../notification-port.ts';
import { paymentSources } from './payment-notifications.policy.ts';
import { findOwnPayment } from './payments.service.ts';

/** The push words of a payment, by its end (`succeeded`, `failed`). */
const words: NotificationContribution['words'] = {
  en: {
    discreet: 'News about your payment',
    told: {
      succeeded: { title: 'Payment confirmed', body: 'Thank you! Your purchase is active.' },
      failed: { title: 'Payment failed', body: 'Your payment did not go through. You can try again.' },
    },
  },
  fr: {
    discreet: 'Du nouveau pour votre paiement',
    told: {
      succeeded: { title: 'Paiement confirmé', body: 'Merci\u00a0! Votre achat est actif.' },
      failed: { title: 'Paiement refusé', body: 'Votre paiement n’a pas abouti. Vous pouvez réessayer.' },
    },
  },
  ro: {
    discreet: 'Noutăți despre plata ta',
    told: {
      succeeded: { title: 'Plată confirmată', body: 'Mulțumim! Achiziția ta este activă.' },
      failed: { title: 'Plată eșuată', body: 'Plata nu a trecut. Poți încerca din nou.' },
    },
  },
};

/** Billing's kind of notification (the notification port): a payment of the member's settled or failed. */
export const billingNotifications: NotificationContribution[] = [
  {
    kind: 'payment',
    sources: paymentSources,
    words,
    async tell(db, { userId, ref }, now, { unlessGone }) {
      const payment = await unlessGone(findOwnPayment(db, userId, ref));
      if (!payment || (payment.status !== 'SUCCESS' && payment.status !== 'FAILED')) return null;
      return {
        subject: { kind: 'payment', variant: payment.status === 'SUCCESS' ? 'succeeded' : 'failed' },
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
