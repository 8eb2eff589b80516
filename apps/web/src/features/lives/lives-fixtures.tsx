import { MantineProvider } from '@mantine/core';
import type { Live, LiveMessage } from '@motema/shared/lives';
import type { Me } from '@motema/shared/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { SocketContext } from '../../lib/socket.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render-page.tsx';
import { theme } from '../../ui/theme.ts';

export const LIVE_ID = '00000000-0000-4000-8000-0000000000a1';
export const KOFI = { _id: 'u2', username: 'kofi', firstName: 'Kofi', name: 'Kofi Mensah', avatar: null };
export const AMANI = { _id: 'u1', username: 'amani', firstName: 'Amani', name: 'Amani Mbala', avatar: null };

/** Test helper: Kofi's live as the member sees it (a viewer), with `change` applied. */
export const buildLive = (change: Partial<Live> = {}): Live => ({
  _id: LIVE_ID,
  broadcaster: KOFI,
  title: 'Sunday by the river',
  audience: 'everyone',
  audioOnly: false,
  status: 'live',
  endReason: null,
  viewers: 3,
  renditions: ['360p', '240p', 'audio'],
  playlist: `/api/lives/${LIVE_ID}/hls/master.m3u8`,
  role: 'viewer',
  muted: false,
  match: false,
  startedAt: '2026-12-03T06:00:00.000Z',
  endedAt: null,
  keptPost: null,
  ...change,
});

export const buildLiveMessage = (change: Partial<LiveMessage> = {}): LiveMessage => ({
  _id: 'm1',
  liveId: LIVE_ID,
  clientId: 'c1',
  sender: KOFI,
  text: 'Welcome everyone',
  status: 'shown',
  createdAt: '2026-12-03T06:01:00.000Z',
  ...change,
});

type Answer = (payload: unknown) => unknown;

/** A socket playing the lives' server: each event's ack comes from `answers` (else `{ ok: true }`). */
export class LiveSocket extends FakeSocket {
  answers: Record<string, Answer> = {};

  override timeout() {
    return {
      emitWithAck: async (event: string, ...args: unknown[]) => {
        this.emitted.push({ event, args });
        return this.answers[event]?.(args[0]) ?? { ok: true };
      },
    };
  }
}

/**
 * Test helper: renders `routes` (path -> page) in a memory router opened at `url`, inside the
 * member's socket, with Mantine and a fresh query client seeded with `me`.
 */
export function renderLives(routes: Record<string, ReactElement>, url: string, socket: FakeSocket, me: Me) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(ME_QUERY_KEY, me);
  const router = createMemoryRouter(
    [
      ...Object.entries(routes).map(([path, element]) => ({ path, element })),
      { path: '*', element: <h1>elsewhere</h1> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
          <RouterProvider router={router} />
        </SocketContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

type Reply = readonly [status: number, body?: unknown];

/** Test helper: a `fetch` stub answering `'METHOD /api/path'` from `routes`; anything else is a 404. */
export function stubApi(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${url.split('?')[0]}`];
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const [status, answer] =
      typeof route === 'function' ? route(body) : (route ?? [404, { code: 'not_found' }]);
    return jsonResponse(status, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls the stub got, as `'METHOD /api/path'`. */
export const calls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
