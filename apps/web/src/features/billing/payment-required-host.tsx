import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import { isPaymentRequiredEvent, paymentRequired, paymentRequiredReason } from './payment-required.ts';

// The dialog's code and texts load when a refusal first asks for it, not with the member's app.
const PaymentRequiredDialog = lazy(() =>
  Promise.all([import('./payment-required-dialog.tsx'), loadNamespaces(['billing'])]).then(([module]) => ({
    default: module.PaymentRequiredDialog,
  })),
);

/**
 * Mounted once in the member's app (inside the socket): the socket's `app:error` PaymentRequired
 * and every other refusal behind the paywall (paymentRequired.ask) open the payment-required dialog.
 */
export function PaymentRequiredHost() {
  useSocketEvent('app:error', (payload) => {
    if (!isPaymentRequiredEvent(payload)) return;
    paymentRequired.ask({
      reason: paymentRequiredReason(payload.error),
      profile: typeof payload.profile === 'string' ? payload.profile : null,
    });
  });
  const request = useSyncExternalStore(paymentRequired.subscribe, paymentRequired.get, paymentRequired.get);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <PaymentRequiredDialog request={request} onClose={paymentRequired.close} />
    </Suspense>
  );
}
