import {
  hashKey,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { BLOCK_LIST_PAGE_SIZE, type BlockList, type Report, type ReportCreated } from '@motema/shared/safety';
import { api } from '../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { discoveryKeys } from '../discovery/discovery.api.ts';

/** The callers show their own success and failure notices (the spec's block and unblock messages). */
const OWN_ERRORS = { form: true } as const;

export const safetyKeys = {
  all: ['safety'] as const,
  blockList: () => [...safetyKeys.all, 'blocks'] as const,
};

/** What a report form sends: the text may be left out. */
export type ReportInput = Pick<Report, 'user' | 'reason' | 'subReason'> & { text?: string };

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
 * posts): everything cached about others is marked stale, refetched when next shown. The discovery
 * lists are dropped outright so a blocked member never flashes back from the cache.
 */
function forgetOthers(queryClient: QueryClient, { dropLists }: { dropLists: boolean }) {
  if (dropLists) queryClient.removeQueries({ queryKey: discoveryKeys.lists() });
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryHash !== hashKey(ME_QUERY_KEY) && query.queryKey[0] !== safetyKeys.all[0],
    refetchType: 'none',
  });
}

/**
 * Drops the cached queries under `queryKey` as soon as no screen uses them. Removing a query a screen
 * still shows would make that screen fetch it again at its next render (a useless 404 for a profile
 * just blocked); so the open screen keeps it until it is left.
 */
function dropWhenUnused(queryClient: QueryClient, queryKey: QueryKey) {
  const cache = queryClient.getQueryCache();
  const active = () => cache.findAll({ queryKey, type: 'active' }).length > 0;
  queryClient.removeQueries({ queryKey, type: 'inactive' });
  if (!active()) return;
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'observerRemoved') return;
    queryClient.removeQueries({ queryKey, type: 'inactive' });
    if (!active()) unsubscribe();
  });
}

/** Blocks a member (idempotent on the server). */
export function useBlockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>('/blocks', { method: 'POST', body: { user: userId } }),
    onSuccess: async (_data, userId) => {
      dropWhenUnused(queryClient, discoveryKeys.profile(userId));
      await Promise.all([
        forgetOthers(queryClient, { dropLists: true }),
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
        forgetOthers(queryClient, { dropLists: false }),
        queryClient.invalidateQueries({ queryKey: safetyKeys.blockList() }),
      ]);
    },
    meta: OWN_ERRORS,
  });
}

/** Sends a report; the page shows its own errors. */
export function useReportMutation() {
  return useMutation({
    mutationFn: (report: ReportInput) => api<ReportCreated>('/reports', { method: 'POST', body: report }),
    meta: OWN_ERRORS,
  });
}
