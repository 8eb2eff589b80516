import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  userListSize,
  type Profile,
  type Rating,
  type RatingResult,
  type UserList,
  type UserListFilter,
} from '@motema/shared/discovery';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { api } from '../../lib/api-client.ts';
import { takeEarlyAnswer } from '../../lib/early-answers.ts';
import { forgetKept, keepOnDevice, keptStart } from '../../lib/persisted-queries.ts';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { discoveryKeys, type UserListParams } from './discovery-keys.ts';
import { discoveryKeptQueries } from './discovery-kept.ts';
import { USER_LIST_PATH, userListQuery } from './user-list-request.ts';

export { discoveryKeys, type UserListParams };

// Home's lists stay on the device: a repeat visit draws them at once, then refreshes them.
keepOnDevice(discoveryKeptQueries);

/** One page of a list; the answer asked for early when there is one (home-first-lists.ts). */
export async function fetchUserList(
  filter: UserListFilter,
  params: UserListParams & { skip?: number } = {},
  signal?: AbortSignal,
): Promise<UserList> {
  const query = userListQuery(filter, params);
  return (
    (await takeEarlyAnswer<UserList>(USER_LIST_PATH, query)) ??
    api<UserList>(USER_LIST_PATH, { query, signal })
  );
}

/**
 * How long a home list stays fresh, and how often it is refreshed while on screen. Returning to
 * /home from a profile within this shows the lists kept in memory instead of asking the server again
 * for each (bar B6); ratings, matches and position updates mark the lists they change stale at once
 * (see the invalidations below). "Online now" (`connected`) follows the clock refresh of SPEC.md
 * (60 seconds) so that it stays true; the other lists (activity dots, new members) every 5 minutes.
 */
export const LIST_FRESH_MS = 5 * 60_000;
export const listFreshMs = (filter: UserListFilter) =>
  filter === 'connected' ? CLOCK_REFRESH_MS : LIST_FRESH_MS;

/** The swap deck (`unrated`) keeps the default staleness: cards rated since must not come back. */
const staleTimeOf = (filter: UserListFilter, params: UserListParams) =>
  params.unrated ? {} : { staleTime: listFreshMs(filter) };

type ListOptions = {
  enabled?: boolean;
  /** Milliseconds between refetches while the list is on screen, or false. */
  refetchInterval?: number | false;
};

/** One keyed list (SPEC.md section 3), one page of its size. */
export function useUserListQuery(
  filter: UserListFilter,
  params: UserListParams = {},
  options: ListOptions = {},
) {
  const queryKey = discoveryKeys.list(filter, params);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchUserList(filter, params, signal),
    // Drawn from the device's copy, refreshed as its screen asks: what the member changed after it was
    // kept (a rating or a match marks lists stale without refetching them) is not in it.
    ...keptStart<UserList>(queryKey),
    ...staleTimeOf(filter, params),
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
  });
}

/** The default list, page after page (`skip` paging, pages of 96). */
export function useInfiniteUserListQuery(
  params: Omit<UserListParams, 'limit'> = {},
  options: ListOptions = {},
) {
  const limit = userListSize('users');
  const queryKey = discoveryKeys.pages('users', params);
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchUserList('users', { ...params, limit, skip: pageParam }, signal),
    initialPageParam: 0,
    ...keptStart<InfiniteData<UserList, number>>(queryKey),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.users.length, 0);
      return last.users.length < limit || loaded >= last.count ? undefined : loaded;
    },
    ...staleTimeOf('users', params),
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
  });
}

/** After a position update: the near list and the member's `locationShared`. */
export function invalidateNear(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: discoveryKeys.listsOf('near') }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  ]);
}

/** After a match: the matches list. */
export function invalidateMatches(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: discoveryKeys.listsOf('rated-each') });
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

/**
 * After the viewer blocked `userId` (safety's block, offered on the profile): the lists are dropped
 * outright so the blocked member never flashes back from the cache, and their profile once its
 * screen is left. Safety then marks everything else stale.
 */
export function forgetBlockedMember(queryClient: QueryClient, userId: string) {
  dropWhenUnused(queryClient, discoveryKeys.profile(userId));
  queryClient.removeQueries({ queryKey: discoveryKeys.lists() });
  // Nor from the lists kept on the device for the next visit.
  forgetKept(queryClient, discoveryKeys.lists());
}

/** What the cache holds under `discoveryKeys.lists()`: a keyed list, or the default list's pages. */
type CachedList = UserList | InfiniteData<UserList>;

function withoutMember(data: CachedList | undefined, userId: string): CachedList | undefined {
  const holds = (list: UserList) => list.users.some((user) => user._id === userId);
  // Every page carries the whole list's count: each loses one when any of them held the member.
  const drop = (list: UserList): UserList => ({
    users: list.users.filter((user) => user._id !== userId),
    count: Math.max(0, list.count - 1),
  });
  if (!data) return data;
  if ('pages' in data) return data.pages.some(holds) ? { ...data, pages: data.pages.map(drop) } : data;
  return holds(data) ? drop(data) : data;
}

/**
 * After the viewer reported `userId` (safety's report page): every cached list, the swap deck's
 * included, forgets the member at once, so the screen the app returns to no longer shows them (the
 * server leaves them out from now on); the lists are then marked stale. Unlike a block the profile
 * stays: the report page goes back to it.
 */
export function forgetReportedMember(queryClient: QueryClient, userId: string) {
  // The lists kept on the device go (those in memory are kept again, without the member, just below).
  forgetKept(queryClient, discoveryKeys.lists());
  queryClient.setQueriesData<CachedList>({ queryKey: discoveryKeys.lists() }, (data) =>
    withoutMember(data, userId),
  );
  void queryClient.invalidateQueries({ queryKey: discoveryKeys.lists(), refetchType: 'none' });
}

/**
 * Rates a member from 1 to 5 (the deck's like sends 5, pass 1). The lists it changes are marked stale;
 * the swap deck is left alone: it keeps its own queue and asks for more when it runs low.
 */
export function useRateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: Rating) => api<RatingResult>('/rate/user', { method: 'POST', body: rating }),
    onSuccess: (result) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discoveryKeys.listsOf('i-rated') }),
        queryClient.invalidateQueries({ queryKey: discoveryKeys.listsOf('rated-each') }),
        queryClient.invalidateQueries({ queryKey: discoveryKeys.profile(result.user) }),
      ]),
  });
}

/** A member's profile page (GET /api/users/{id}); the page shows its own screen for a 404. */
export function useProfileQuery(id: string, viewer: string | null) {
  return useQuery({
    queryKey: discoveryKeys.profileAs(id, viewer),
    queryFn: ({ signal }) => api<Profile>(`/users/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    meta: { silent: true },
  });
}
