import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { UserList } from '@motema/shared/discovery';
import { discoveryKeys, forgetBlockedMember, forgetReportedMember } from './discovery.api.ts';

const GRACE = '9b2f3c1e-5d4a-4b6c-8e7f-1a2b3c4d5e6f';
const AWA = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function cacheWithProfiles() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const profileKey = discoveryKeys.profileAs(GRACE, 'u1');
  const othersKey = discoveryKeys.profileAs(AWA, 'u1');
  const listKey = discoveryKeys.list('users');
  queryClient.setQueryData(listKey, { users: [], count: 0 });
  queryClient.setQueryData(profileKey, { _id: GRACE });
  queryClient.setQueryData(othersKey, { _id: AWA });
  return { queryClient, profileKey, othersKey, listKey };
}

describe('forgetBlockedMember', () => {
  it('drops the lists at once and the blocked profile once its screen is left, without fetching it', () => {
    const { queryClient, profileKey, othersKey, listKey } = cacheWithProfiles();
    // The profile screen still shows Grace while she is blocked.
    const profileQuery = vi.fn(async () => ({ _id: GRACE }));
    const screen = new QueryObserver(queryClient, {
      queryKey: profileKey,
      queryFn: profileQuery,
      staleTime: Infinity,
    });
    const leave = screen.subscribe(() => undefined);

    forgetBlockedMember(queryClient, GRACE);

    expect(queryClient.getQueryData(listKey)).toBeUndefined();
    expect(queryClient.getQueryData(profileKey)).toEqual({ _id: GRACE });
    leave();
    expect(queryClient.getQueryCache().find({ queryKey: profileKey })).toBeUndefined();
    expect(profileQuery).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(othersKey)).toEqual({ _id: AWA });
  });

  it('drops a profile no screen shows at once', () => {
    const { queryClient, profileKey, othersKey } = cacheWithProfiles();
    forgetBlockedMember(queryClient, GRACE);
    expect(queryClient.getQueryCache().find({ queryKey: profileKey })).toBeUndefined();
    expect(queryClient.getQueryData(othersKey)).toEqual({ _id: AWA });
  });
});

describe('forgetReportedMember', () => {
  const card = (_id: string) => ({ _id }) as UserList['users'][number];

  it('takes the member out of every cached list at once, the deck included, and keeps the profile', () => {
    const { queryClient, profileKey, listKey } = cacheWithProfiles();
    const nearKey = discoveryKeys.list('near');
    const deckKey = discoveryKeys.list('users', { unrated: true, limit: 20 });
    const pagesKey = discoveryKeys.pages('users');
    const otherKey = discoveryKeys.list('last');
    queryClient.setQueryData(nearKey, { users: [card(GRACE), card(AWA)], count: 2 });
    queryClient.setQueryData(deckKey, { users: [card(AWA), card(GRACE)], count: 7 });
    const pages = { users: [card(AWA)], count: 3 };
    queryClient.setQueryData<InfiniteData<UserList>>(pagesKey, {
      pages: [pages, { users: [card(GRACE), card('x')], count: 3 }],
      pageParams: [0, 1],
    });
    const other = { users: [card(AWA)], count: 1 };
    queryClient.setQueryData(otherKey, other);

    forgetReportedMember(queryClient, GRACE);

    expect(queryClient.getQueryData(nearKey)).toEqual({ users: [card(AWA)], count: 1 });
    expect(queryClient.getQueryData(deckKey)).toEqual({ users: [card(AWA)], count: 6 });
    expect(queryClient.getQueryData<InfiniteData<UserList>>(pagesKey)?.pages).toEqual([
      { users: [card(AWA)], count: 2 },
      { users: [card('x')], count: 2 },
    ]);
    // A list that never held the member is the same object (nothing re-renders for it).
    expect(queryClient.getQueryData(otherKey)).toBe(other);
    expect(queryClient.getQueryData(listKey)).toEqual({ users: [], count: 0 });
    // The server leaves them out from now on: the lists are fetched again when next shown.
    expect(queryClient.getQueryState(nearKey)?.isInvalidated).toBe(true);
    // Unlike a block, the profile stays: the report page goes back to it.
    expect(queryClient.getQueryData(profileKey)).toEqual({ _id: GRACE });
  });
});
