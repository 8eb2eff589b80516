import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearExitPath, pendingExitPath, setNavigator } from '../../lib/navigation.ts';
import { ME_QUERY_KEY, rememberedMe, rememberMe } from '../../lib/query-client.ts';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';
import { meQueryOptions } from './users.api.ts';

describe('the profile fetch answered 401 or 404 (SPEC section 8)', () => {
  const go = vi.fn();
  let client: QueryClient;
  beforeEach(() => {
    go.mockClear();
    setNavigator(go);
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    history.replaceState(null, '', '/messages/abc?x=1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearExitPath();
    localStorage.clear();
  });
  const answer = (status: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(status, {
          statusCode: status,
          code: status === 401 ? 'unauthorized' : 'not_found',
          message: 'x',
        }),
      ),
    );

  it.each([401, 404])(
    'takes a member this device knew to login (%s), back to where they were after',
    async (status) => {
      rememberMe(buildMe());
      answer(status);
      expect(await client.fetchQuery(meQueryOptions)).toBeNull();
      expect(go).toHaveBeenCalledWith('/login?from=%2Fmessages%2Fabc%3Fx%3D1');
      expect(pendingExitPath()).toBe('/login?from=%2Fmessages%2Fabc%3Fx%3D1');
      expect(rememberedMe()).toBeNull();
    },
  );

  it('takes a member whose profile this page showed to login too (a later refetch)', async () => {
    client.setQueryData(ME_QUERY_KEY, buildMe());
    answer(401);
    await client.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    expect(go).toHaveBeenCalledWith('/login?from=%2Fmessages%2Fabc%3Fx%3D1');
    expect(client.getQueryData(ME_QUERY_KEY)).toBeNull();
  });

  it('leaves a visitor nobody knew here where the guard puts them (the public pages)', async () => {
    answer(401);
    expect(await client.fetchQuery(meQueryOptions)).toBeNull();
    expect(go).not.toHaveBeenCalled();
    expect(pendingExitPath()).toBeNull();
  });
});
