import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  BILLING_PAGE_SIZE,
  IDEMPOTENCY_KEY_HEADER,
  type Currency,
  type Payment,
  type PaymentMethod,
  type Subscription,
  type UserSubscription,
} from '@motema/shared/billing';
import { api } from '../../lib/api-client.ts';

/** Shapes of the answers (packages/shared/billing.ts): typed here without the zod runtime. */
type Plans = { subscriptions: Subscription[]; count: number };
type Passes = { subscriptions: UserSubscription[]; count: number };
type Payments = { payments: Payment[]; count: number };

/** The screens show their own failure notices. */
const OWN_ERRORS = { form: true } as const;

export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  passes: () => [...billingKeys.all, 'passes'] as const,
  /** Under `passes`: whatever refreshes the passes refreshes it too. */
  newestPass: () => [...billingKeys.passes(), 'newest'] as const,
  payments: () => [...billingKeys.all, 'payments'] as const,
  payment: (reference: string) => [...billingKeys.all, 'payment', reference] as const,
};

/** The offset of the next page, or undefined once every row is loaded. */
function nextSkip<T>(rows: (page: T) => unknown[], count: (page: T) => number) {
  return (last: T, pages: T[]) => {
    const loaded = pages.reduce((sum, page) => sum + rows(page).length, 0);
    return rows(last).length < BILLING_PAGE_SIZE || loaded >= count(last) ? undefined : loaded;
  };
}

/** The catalogue, dearest first (one page of 96 holds every plan sold). */
export function usePlansQuery() {
  return useQuery({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) =>
      api<Plans>('/subscriptions', { query: { sort: '-cost', limit: BILLING_PAGE_SIZE }, signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** The member's passes, oldest first as SPEC section 7 lists them (`sort +createdAt`), page after page. */
export function usePassesQuery() {
  return useInfiniteQuery({
    queryKey: billingKeys.passes(),
    queryFn: ({ pageParam, signal }) =>
      api<Passes>('/user-subscriptions', {
        query: { sort: '+createdAt', skip: pageParam || undefined, limit: BILLING_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextSkip<Passes>(
      (page) => page.subscriptions,
      (page) => page.count,
    ),
    meta: { silent: true },
  });
}

/** The member's newest pass (the one a payment just granted), or null when they have none. */
export function useNewestPassQuery(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.newestPass(),
    queryFn: async ({ signal }) =>
      (await api<Passes>('/user-subscriptions', { query: { sort: '-createdAt', limit: 1 }, signal }))
        .subscriptions[0] ?? null,
    enabled,
    meta: { silent: true },
  });
}

/** The member's payments, newest first, page after page. */
export function usePaymentsQuery() {
  return useInfiniteQuery({
    queryKey: billingKeys.payments(),
    queryFn: ({ pageParam, signal }) =>
      api<Payments>('/payments', {
        query: { skip: pageParam || undefined, limit: BILLING_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextSkip<Payments>(
      (page) => page.payments,
      (page) => page.count,
    ),
    meta: { silent: true },
  });
}

/** Cancels a pass; the answer replaces it in the list (docs/decisions says what cancelling does). */
export function useCancelPassMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passId: string) =>
      api<UserSubscription>(`/user-subscriptions/${encodeURIComponent(passId)}/cancel`, { method: 'POST' }),
    onSuccess: (pass) => {
      queryClient.setQueryData<InfiniteData<Passes>>(billingKeys.passes(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                subscriptions: page.subscriptions.map((row) => (row._id === pass._id ? pass : row)),
              })),
            }
          : data,
      );
      return queryClient.invalidateQueries({ queryKey: billingKeys.passes() });
    },
    meta: OWN_ERRORS,
  });
}

/** What a payment start sends; the price is the server's (P3). */
export type PaymentStart = {
  subscription: string;
  method: PaymentMethod;
  currency: Currency;
  /** Mobile money only: the payer's number, normalised. */
  phone?: string;
};

/**
 * Starts a payment. `key` is the attempt's Idempotency-Key (P2): the client's retries of the call
 * (api() on no answer or a 5xx) and the member's own retry of the same attempt send it again, so the
 * server answers the first payment instead of pushing a second one to the phone.
 */
export function useStartPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ start, key }: { start: PaymentStart; key: string }) =>
      api<Payment>('/payments/init/flex', {
        method: 'POST',
        body: start,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSuccess: (payment) => {
      queryClient.setQueryData(billingKeys.payment(payment.reference), payment);
      return queryClient.invalidateQueries({ queryKey: billingKeys.payments() });
    },
    meta: OWN_ERRORS,
  });
}

/**
 * The member stops waiting for a pending payment (POST /payments/{id}/cancel, decision 0035): it
 * leaves their way, so a new one may start, and should it be approved after all its pass is
 * credited. The answer is the payment as it stands (one that succeeded meanwhile says so).
 */
export function useCancelPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api<Payment>(`/payments/${encodeURIComponent(paymentId)}/cancel`, { method: 'POST' }),
    onSuccess: (payment) => {
      queryClient.setQueryData(billingKeys.payment(payment.reference), payment);
      return queryClient.invalidateQueries({ queryKey: billingKeys.payments() });
    },
    meta: OWN_ERRORS,
  });
}

/** Whether a payment may be cancelled: still pending, not paid and in our team's review. */
export const isCancellable = (payment: Payment) =>
  payment.transaction.status === 'PENDING' && payment.reason !== 'in_review';

/** A payment by its id (GET /payments/{id}), as the server last checked it. */
export const fetchPayment = (paymentId: string) => api<Payment>(`/payments/${encodeURIComponent(paymentId)}`);

/**
 * A payment as the server knows it after asking the provider (GET /payments/verify/{reference}).
 * Only a check moves a payment to SUCCESS (P8): the screens poll this, never decide themselves.
 */
export const verifyPayment = (reference: string, signal?: AbortSignal) =>
  api<Payment>(`/payments/verify/${encodeURIComponent(reference)}`, { signal });

/**
 * The member's payment of `planId` still open, if any: the server refuses a second start of a plan
 * while one is (409 payment_in_progress), and the wizard then shows that one's live status instead.
 * Among the newest payments: an open one is minutes old.
 */
export async function findOpenPayment(planId: string): Promise<Payment | null> {
  const { payments } = await api<Payments>('/payments', { query: { limit: 24 } });
  return payments.find((payment) => payment.subscription === planId && isCancellable(payment)) ?? null;
}
