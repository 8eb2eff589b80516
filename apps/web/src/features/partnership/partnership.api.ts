import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type Currency } from '@motema/shared/billing';
import {
  JOURNALS_PAGE_SIZE,
  type ChildAccount,
  type Journal,
  type PartnershipAnswer,
  type Withdrawal,
  type WithdrawalAccount,
} from '@motema/shared/partnership';
import { api } from '../../lib/api-client.ts';

/** Shapes of the lists (packages/shared/partnership.ts): typed here without the zod runtime. */
type Children = { users: ChildAccount[]; count: number };
type Journals = { journals: Journal[]; count: number };

/** The screens show their own failure notices. */
const OWN_ERRORS = { form: true } as const;

/** How often a withdrawal waiting for the operator is asked about (as billing follows a payment). */
export const WITHDRAWAL_CHECK_EVERY_MS = 3_000;

export const partnershipKeys = {
  all: ['partnership'] as const,
  /** Balances, the account and the withdrawal in flight: whatever moves money refreshes it. */
  overview: () => [...partnershipKeys.all, 'overview'] as const,
  children: (search: string) => [...partnershipKeys.all, 'children', search] as const,
  journals: (limit: number) => [...partnershipKeys.all, 'journals', limit] as const,
  withdrawal: (id: string) => [...partnershipKeys.all, 'withdrawal', id] as const,
};

/** The offset of the next page, or undefined once every row is loaded. */
const nextSkip =
  <T>(rows: (page: T) => unknown[], count: (page: T) => number, size: number) =>
  (last: T, pages: T[]) => {
    const loaded = pages.reduce((sum, page) => sum + rows(page).length, 0);
    return rows(last).length < size || loaded >= count(last) ? undefined : loaded;
  };

/** The SPEC's "partnership fetch": the programme's terms if joined, balances, the account, the withdrawal. */
export function usePartnershipQuery() {
  return useQuery({
    queryKey: partnershipKeys.overview(),
    queryFn: ({ signal }) => api<PartnershipAnswer>('/partnership', { signal }),
    meta: { silent: true },
  });
}

/** Joins the programme (again: the same partnership); the answer replaces the overview. */
export function useJoinMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<PartnershipAnswer>('/partnership', { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(partnershipKeys.overview(), answer),
    meta: OWN_ERRORS,
  });
}

/** The member's child accounts matching `search`, page after page (`parentId`: the member's own id). */
export function useChildAccountsQuery(parentId: string, search: string) {
  return useInfiniteQuery({
    queryKey: partnershipKeys.children(search),
    queryFn: ({ pageParam, signal }) =>
      api<Children>('/users', {
        query: {
          'parent-id': parentId,
          search: search || undefined,
          skip: pageParam || undefined,
          limit: JOURNALS_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextSkip<Children>(
      (page) => page.users,
      (page) => page.count,
      JOURNALS_PAGE_SIZE,
    ),
    meta: { silent: true },
  });
}

/** The journals, newest first, `limit` a page (the overview shows the latest few, its page all). */
export function useJournalsQuery(limit = JOURNALS_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: partnershipKeys.journals(limit),
    queryFn: ({ pageParam, signal }) =>
      api<Journals>('/journals', { query: { skip: pageParam || undefined, limit }, signal }),
    initialPageParam: 0,
    getNextPageParam: nextSkip<Journals>(
      (page) => page.journals,
      (page) => page.count,
      limit,
    ),
    meta: { silent: true },
  });
}

/** What an account call answers goes into the overview, which holds the account. */
function useAccountMutation<V>(call: (values: V) => Promise<WithdrawalAccount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (account) => {
      queryClient.setQueryData<PartnershipAnswer>(partnershipKeys.overview(), (data) =>
        data ? { ...data, withdrawalAccount: account } : data,
      );
      return queryClient.invalidateQueries({ queryKey: partnershipKeys.overview() });
    },
    meta: OWN_ERRORS,
  });
}

/** Sets the withdrawal number (the password, since it moves money): a small collection proves it. */
export const useSetAccountMutation = () =>
  useAccountMutation((body: { phone: string; password: string }) =>
    api<WithdrawalAccount>('/partnership/withdrawal-account', { method: 'PUT', body }),
  );

/** Asks the server to check the proof now (the member says they approved it). */
export const useVerifyAccountMutation = () =>
  useAccountMutation(() =>
    api<WithdrawalAccount>('/partnership/withdrawal-account/verify', { method: 'POST' }),
  );

/** A declined or expired proof: a new small collection to the same number. */
export const useRetryAccountMutation = () =>
  useAccountMutation(() =>
    api<WithdrawalAccount>('/partnership/withdrawal-account/retry', { method: 'POST' }),
  );

export type WithdrawalRequest = { amount: number; currency: Currency };

/**
 * Asks for a withdrawal. `key` is the attempt's Idempotency-Key: a retry of the same request (no
 * answer, a 5xx, the member's second tap) is answered with the first withdrawal, never paid twice.
 */
export function useWithdrawMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: WithdrawalRequest; key: string }) =>
      api<Withdrawal>('/withdrawals', {
        method: 'POST',
        body: request,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(partnershipKeys.withdrawal(withdrawal._id), withdrawal);
      return queryClient.invalidateQueries({ queryKey: partnershipKeys.overview() });
    },
    meta: OWN_ERRORS,
  });
}

const settled = (withdrawal: Withdrawal | undefined) =>
  withdrawal?.status === 'SUCCESS' || withdrawal?.status === 'FAILED';

/**
 * A withdrawal as the server last checked it with the operator, asked again every few seconds while
 * it is pending; once it settles the balances and journals are refreshed.
 */
export function useWithdrawalQuery(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: partnershipKeys.withdrawal(id ?? ''),
    queryFn: async ({ signal }) => {
      const withdrawal = await api<Withdrawal>(`/withdrawals/${encodeURIComponent(id!)}`, { signal });
      if (settled(withdrawal)) {
        void queryClient.invalidateQueries({ queryKey: partnershipKeys.overview() });
        void queryClient.invalidateQueries({ queryKey: [...partnershipKeys.all, 'journals'] });
      }
      return withdrawal;
    },
    enabled: id !== null,
    refetchInterval: (current) => (settled(current.state.data) ? false : WITHDRAWAL_CHECK_EVERY_MS),
    staleTime: 0,
    meta: { silent: true },
  });
}
