import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import type { PaymentRequiredDialog as Dialog } from './payment-required-dialog.tsx';
import { isPaymentRequiredEvent, paymentRequired, paymentRequiredReason } from './payment-required.ts';

type DialogComponent = ComponentType<Parameters<typeof Dialog>[0]>;

let loading: Promise<DialogComponent> | null = null;

/**
 * The dialog's code and texts, loaded when a refusal first asks for it, not with the member's app.
 * A failed download (the network dropped) is forgotten, so the next refusal tries again, and never
 * reaches the page's error boundary: the message still waits in the thread with its Retry.
 */
function loadDialog(): Promise<DialogComponent> {
  loading ??= Promise.all([import('./payment-required-dialog.tsx'), loadNamespaces(['billing'])])
    .then(([module]) => module.PaymentRequiredDialog)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

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
      plan: typeof payload.plan === 'string' ? payload.plan : null,
    });
  });
  const request = useSyncExternalStore(paymentRequired.subscribe, paymentRequired.get, paymentRequired.get);
  const [Loaded, setLoaded] = useState<DialogComponent | null>(null);

  useEffect(() => {
    if (!request || Loaded) return;
    let live = true;
    loadDialog().then(
      (component) => live && setLoaded(() => component),
      () => live && paymentRequired.close(),
    );
    return () => {
      live = false;
    };
  }, [request, Loaded]);

  return request && Loaded ? <Loaded request={request} onClose={paymentRequired.close} /> : null;
}
