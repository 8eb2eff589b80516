import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { BlockList } from '@motema/shared/safety';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';
import { safetyKeys, useBlockMutation, useUnblockMutation } from './safety.api.ts';
import { blockListOf, buildBlockedUser } from './safety-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const GRACE = '9b2f3c1e-5d4a-4b6c-8e7f-1a2b3c4d5e6f';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('useBlockMutation', () => {
  it('lets the screen forget the blocked member first, then marks what others show stale, the member aside', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(204));
    vi.stubGlobal('fetch', fetch);
    const { queryClient, wrapper } = setup();
    // Anything another feature cached about others (a list, a profile, a conversation).
    const others = ['chat', 'conversations'];
    queryClient.setQueryData(ME_QUERY_KEY, buildMe());
    queryClient.setQueryData(others, []);
    const staleWhenForgetting: (boolean | undefined)[] = [];
    const forget = vi.fn((client: QueryClient, _userId: string) => {
      staleWhenForgetting.push(client.getQueryState(others)?.isInvalidated);
    });

    const { result } = renderHook(() => useBlockMutation({ forget }), { wrapper });
    result.current.mutate(GRACE);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ user: GRACE });
    expect(forget).toHaveBeenCalledExactlyOnceWith(queryClient, GRACE);
    expect(staleWhenForgetting).toEqual([false]);
    expect(queryClient.getQueryState(others)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(false);
    // Marked stale, not refetched: nothing but the block was asked.
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('useUnblockMutation', () => {
  it('takes the member off the cached block list', async () => {
    const kofi = buildBlockedUser();
    const awa = buildBlockedUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Awa' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(204)),
    );
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData<InfiniteData<BlockList>>(safetyKeys.blockList(), {
      pages: [blockListOf([awa, kofi])],
      pageParams: [0],
    });
    const { result } = renderHook(() => useUnblockMutation(), { wrapper });
    result.current.mutate(kofi._id);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData<InfiniteData<BlockList>>(safetyKeys.blockList())?.pages).toEqual([
      blockListOf([awa]),
    ]);
  });
});
