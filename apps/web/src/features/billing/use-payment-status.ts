import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@motema/shared/billing';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { billingKeys, verifyPayment } from './billing.api.ts';
import { outcomeOf } from './payment-outcome.ts';

/** How often the process step asks the server (which asks the provider) where a payment stands. */
export const VERIFY_EVERY_MS = 3_000;
/**
 * How long the member is shown the live status of a pending payment: a push is approved within a
 * minute or two, or forgotten. After this the screen says it is pending and will be credited if
 * charged (the server's reconciler keeps checking for 48 hours, P12).
 */
export const PENDING_WATCH_MS = 3 * 60_000;

/** Whether the server's answer is final: SUCCESS or FAILED (a refund is a later change, P18). */
const settled = (payment: Payment | undefined) =>
  payment?.transaction.status === 'SUCCESS' || payment?.transaction.status === 'FAILED';

/**
 * The live status of a payment: asks GET /payments/verify/{reference} every 3 s while it is pending,
 * stops at success or failure, and after a few minutes of pending (the outcome turns `pending`).
 * `watchAgain` resumes the watch for another few minutes ("Check again").
 */
export function usePaymentStatus(reference: string) {
  const queryClient = useQueryClient();
  const [waitedLong, setWaitedLong] = useState(false);
  const [round, setRound] = useState(0);
  const watching = useRef(true);

  useEffect(() => {
    watching.current = true;
    setWaitedLong(false);
    const timer = setTimeout(() => {
      watching.current = false;
      setWaitedLong(true);
    }, PENDING_WATCH_MS);
    return () => clearTimeout(timer);
  }, [reference, round]);

  const query = useQuery({
    queryKey: billingKeys.payment(reference),
    queryFn: ({ signal }) => verifyPayment(reference, signal),
    refetchInterval: (current) =>
      watching.current && !settled(current.state.data) ? VERIFY_EVERY_MS : false,
    // The member comes back from the wallet app or another tab: ask at once, not at the next tick
    // (a settled payment no more).
    refetchOnWindowFocus: (current) => !settled(current.state.data),
    staleTime: 0,
    meta: { silent: true },
  });

  const payment = query.data;
  const outcome = payment ? outcomeOf(payment, waitedLong) : null;

  // A settled payment changes the member's passes and history.
  const status = payment?.transaction.status;
  useEffect(() => {
    if (status === 'SUCCESS' || status === 'FAILED')
      void queryClient.invalidateQueries({ queryKey: billingKeys.passes() });
    if (status) void queryClient.invalidateQueries({ queryKey: billingKeys.payments() });
  }, [status, queryClient]);

  const watchAgain = useCallback(() => {
    setRound((value) => value + 1);
    void query.refetch();
  }, [query]);

  // Offline, no check can go: the page says the connection is lost, not that it waits for the approval.
  const online = useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () =>
    onlineManager.isOnline(),
  );
  const lost = Boolean(query.error) || !online;
  return { payment, outcome, error: query.error, lost, watchAgain, checking: query.isFetching };
}
