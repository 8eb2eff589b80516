import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { discoveryKeys, forgetBlockedMember } from './discovery.api.ts';

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
