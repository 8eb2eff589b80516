/** Test helpers of the notifications: the counters API, and the badges' data layer on a fake socket. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Counters } from '@motema/shared/counters';
import { vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { SocketContext } from '../../lib/socket.ts';
import type { FakeSocket } from '../../test/fake-socket.ts';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';
import { CountersSync } from './counters-sync.tsx';

export const counters = (change: Partial<Counters> = {}): Counters => ({
  messages: 0,
  conversations: 0,
  notifications: 0,
  ...change,
});

/**
 * `fetch` playing the server's counters: `GET /api/counters` answers `current()`, and
 * `PUT /api/counters/notifications` answers what `seen()` returns (the counters, or nothing: 204).
 */
export function stubCountersApi(
  current: () => Counters | Promise<Counters>,
  seen: () => Counters | undefined = () => undefined,
) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const request = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (request === 'GET /api/counters') return jsonResponse(200, await current());
    if (request === 'PUT /api/counters/notifications') {
      const answer = seen();
      return answer ? jsonResponse(200, answer) : jsonResponse(204);
    }
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The requests made, as "METHOD /path". */
export function requestsOf(fetch: ReturnType<typeof stubCountersApi>): string[] {
  return fetch.mock.calls.map(
    ([input, init]) => `${init?.method ?? 'GET'} ${new URL(input, 'http://x').pathname}`,
  );
}

/** A query client as the app's (no retries), holding the connected member. */
export function memberQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(ME_QUERY_KEY, buildMe());
  return queryClient;
}

/** Mounts the badges' data layer as the home layout does. */
export function mountCountersSync(socket: FakeSocket, queryClient = memberQueryClient()) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SocketContext value={{ socket: socket.asSocket(), connected: socket.connected }}>
        <CountersSync />
      </SocketContext>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
