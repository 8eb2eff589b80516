import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import i18next from 'i18next';
import { loadNamespaces } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import { billingKeys, fetchPayment } from './billing.api.ts';
import { OUTCOMES, outcomeOf } from './payment-outcome.ts';

/** The wizard's own page: it watches its payment and says the outcome itself. */
const WIZARD_PATH = /^\/premium\/subscribe\//;

/**
 * Mounted once in the member's app (inside the socket): when one of the member's payments settles
 * (`billing:payment`, the server's `payment.settled`), the passes and payments shown anywhere are
 * fetched again, and a member who left the wizard (a push approved late, a payment credited after
 * it expired) is told its outcome with the wizard's own words.
 */
export function BillingRealtime() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useSocketEvent('billing:payment', ({ _id }) => {
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    if (WIZARD_PATH.test(pathname)) return;
    void announce(_id);
  });
  return null;
}

async function announce(paymentId: string) {
  try {
    const [payment] = await Promise.all([fetchPayment(paymentId), loadNamespaces(['billing'])]);
    const outcome = outcomeOf(payment, true);
    if (!outcome) return;
    notify(OUTCOMES[outcome], i18next.t(`outcome.${outcome}.title`, { ns: 'billing' }), 8000);
  } catch {
    // Offline or gone: the member sees the payment's state in the history next time.
  }
}
