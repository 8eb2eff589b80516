import { routes, type FeatureContext, type FeatureModule } from '../../modules/feature-module.ts';
import { passesPaymentHook } from './passes/passes-payment-hook.ts';
import { passesRoutes } from './passes/passes.routes.ts';
import { sendDailyCheck } from './payments/payment-daily-check.service.ts';
import { SWEEP_EVERY_MS, sweepPayments, workPayments } from './payments/payment-sweeper.service.ts';
import { subscribePaymentsEvents } from './payments/payments-emitters.ts';
import { paymentsDepsOf, paymentsRoutes } from './payments/payments.routes.ts';
import { plansRoutes } from './plans/plans.routes.ts';
import { billingNotifications } from './payments/payment-notifications.service.ts';

/** The payments core's dependencies, its alerts to the app's log. */
const paymentsDeps = ({ deps, log }: FeatureContext) =>
  paymentsDepsOf(deps, (message, fields) => log.error(fields, message));

export const billingModule: FeatureModule = {
  name: 'billing',
  notifications: billingNotifications,
  paymentHooks: [passesPaymentHook],
  routes: [
    routes(plansRoutes),
    routes(passesRoutes),
    routes(paymentsRoutes, ({ deps }) => ({
      ...deps,
      limits: {
        startsPerHour: deps.env.PAYMENT_STARTS_PER_HOUR,
        pushesPerPhonePerHour: deps.env.PAYMENT_PUSHES_PER_PHONE_PER_HOUR,
      },
    })),
  ],
  publicRoutes: [
    // The payment provider's callback: it carries no session; a secret token in its URL names the
    // payment, and it only triggers a status check (PAYMENTS.md P7).
    'POST /api/payments/callback/flexpay/:token',
  ],
  // FlexPay's servers call it (PAYMENTS.md P7); the token names the payment, the call only asks for a check.
  crossOriginRoutes: ['POST /api/payments/callback/flexpay/:token'],
  // billing:payment to the member's devices when one of their payments settled.
  subscribers: ({ deps, realtime }) => subscribePaymentsEvents({ events: deps.events }, realtime),
  workers: (context) => workPayments(paymentsDeps(context)),
  periodic: [
    // At start-up too: a payment whose init a stopped server left unanswered is known at once.
    {
      name: 'the payments sweep',
      everyMs: SWEEP_EVERY_MS,
      atStart: true,
      run: (context) => sweepPayments(paymentsDeps(context)),
    },
    // The daily reconciliation when its hour comes (one run a day, whichever node).
    {
      name: 'sending the payments daily check',
      everyMs: SWEEP_EVERY_MS,
      run: (context) => sendDailyCheck(paymentsDeps(context)),
    },
  ],
};
