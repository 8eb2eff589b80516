import {
  hashKey,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { BLOCK_LIST_PAGE_SIZE, type BlockList, type Report, type ReportCreated } from '@motema/shared/safety';
import { api } from '../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';

/** The callers show their own success and failure notices (the spec's block and unblock messages). */
const OWN_ERRORS = { form: true } as const;

export const safetyKeys = {
  all: ['safety'] as const,
  blockList: () => [...safetyKeys.all, 'blocks'] as const,
};

/**
 * What a report form sends: a member (and maybe a post, comment, photo, story or chat message of theirs), or a zone; the text
 * may be left out.
 */
export type ReportInput = Pick<Report, 'reason' | 'subReason'> &
  Partial<Pick<Report, 'user' | 'post' | 'comment' | 'photo' | 'story' | 'message' | 'zone'>> & {
    text?: string;
  };

/** The members the viewer blocked, newest first, page after page. */
export function useBlockListQuery() {
  return useInfiniteQuery({
    queryKey: safetyKeys.blockList(),
    queryFn: ({ pageParam, signal }) =>
      api<BlockList>('/blocks', {
        query: { skip: pageParam || undefined, limit: BLOCK_LIST_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.users.length, 0);
      return last.users.length < BLOCK_LIST_PAGE_SIZE || loaded >= last.count ? undefined : loaded;
    },
  });
}

/**
 * A block or an unblock changes what every screen may show (lists, profiles, and later chats and
 * posts): everything cached about others is marked stale, refetched when next shown.
 */
function forgetOthers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryHash !== hashKey(ME_QUERY_KEY) && query.queryKey[0] !== safetyKeys.all[0],
    refetchType: 'none',
  });
}

/**
 * What the screen offering the block forgets of the blocked member at once, before everything else
 * is marked stale, so that nothing cached brings them back (on a profile: discovery's lists and the
 * profile itself, `forgetBlockedMember`). Safety knows no other feature's query keys: the screen
 * that composes the block with its own data passes this.
 */
export type ForgetBlocked = (queryClient: QueryClient, userId: string) => void;

/** Blocks a member (idempotent on the server). */
export function useBlockMutation({ forget }: { forget?: ForgetBlocked } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>('/blocks', { method: 'POST', body: { user: userId } }),
    onSuccess: async (_data, userId) => {
      forget?.(queryClient, userId);
      await Promise.all([
        forgetOthers(queryClient),
        queryClient.invalidateQueries({ queryKey: safetyKeys.blockList() }),
      ]);
    },
    meta: OWN_ERRORS,
  });
}

/** Lifts a block; the member leaves the block list at once. */
export function useUnblockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: async (_data, userId) => {
      queryClient.setQueryData<InfiniteData<BlockList>>(safetyKeys.blockList(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                users: page.users.filter((user) => user._id !== userId),
                count: Math.max(0, page.count - 1),
              })),
            }
          : data,
      );
      await Promise.all([
        forgetOthers(queryClient),
        queryClient.invalidateQueries({ queryKey: safetyKeys.blockList() }),
      ]);
    },
    meta: OWN_ERRORS,
  });
}

/**
 * What the cached lists forget of a member just reported (discovery's `forgetReportedMember`, passed
 * by the route): the server hides them from the reporter's lists from then on, the cache at once.
 */
export type ForgetReported = (queryClient: QueryClient, userId: string) => void;

/** Sends a report; the page shows its own errors. */
export function useReportMutation({ forget }: { forget?: ForgetReported } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: ReportInput) => api<ReportCreated>('/reports', { method: 'POST', body: report }),
    onSuccess: (_created, report) => report.user && forget?.(queryClient, report.user),
    meta: OWN_ERRORS,
  });
}
