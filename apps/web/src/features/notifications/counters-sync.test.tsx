/** CountersSync: the counters the server pushes, and a refetch on every connect for the pushes missed meanwhile. */
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { counters, mountCountersSync, requestsOf, stubCountersApi } from './notifications-fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

const countersAsked = (fetch: ReturnType<typeof stubCountersApi>) =>
  requestsOf(fetch).filter((request) => request === 'GET /api/counters').length;

describe('CountersSync', () => {
  it('sets the counters the server pushes', async () => {
    stubCountersApi(() => counters());
    const socket = new FakeSocket();
    const { queryClient } = mountCountersSync(socket);

    act(() =>
      socket.serverEmit('counters:update', counters({ messages: 4, conversations: 2, notifications: 1 })),
    );
    expect(queryClient.getQueryData(['notifications', 'counters'])).toEqual({
      messages: 4,
      conversations: 2,
      notifications: 1,
    });
  });

  it('merges a push of the unread badges alone into the counters held: the notifications stay', async () => {
    stubCountersApi(() => counters({ notifications: 2 }));
    const socket = new FakeSocket();
    const { queryClient } = mountCountersSync(socket);
    await waitFor(() =>
      expect(queryClient.getQueryData(['notifications', 'counters'])).toMatchObject({ notifications: 2 }),
    );

    // A message arrived: the server counted the unread badges only.
    act(() => socket.serverEmit('counters:update', { messages: 1, conversations: 1 }));
    expect(queryClient.getQueryData(['notifications', 'counters'])).toEqual({
      messages: 1,
      conversations: 1,
      notifications: 2,
    });
  });

  it('asks for the counters when a push of some badges finds none held to complete', async () => {
    // The first fetch fails: no counters held.
    let reachable = false;
    const fetch = stubCountersApi(() =>
      reachable
        ? counters({ messages: 1, conversations: 1, notifications: 3 })
        : Promise.reject(new Error('offline')),
    );
    const socket = new FakeSocket();
    socket.connected = false;
    const { queryClient } = mountCountersSync(socket);
    await waitFor(() => expect(countersAsked(fetch)).toBeGreaterThan(0));
    await waitFor(() =>
      expect(queryClient.getQueryState(['notifications', 'counters'])?.status).toBe('error'),
    );

    reachable = true;
    act(() => socket.serverEmit('counters:update', { messages: 1, conversations: 1 }));
    // Never a badge without its count: the counters come whole from the server instead.
    await waitFor(() =>
      expect(queryClient.getQueryData(['notifications', 'counters'])).toEqual({
        messages: 1,
        conversations: 1,
        notifications: 3,
      }),
    );
  });

  it('refetches the counters on every connect, and stops listening when unmounted', async () => {
    let unread = 0;
    const fetch = stubCountersApi(() => counters({ messages: unread }));
    const socket = new FakeSocket();
    socket.connected = false;
    const { queryClient, unmount } = mountCountersSync(socket);
    await waitFor(() => expect(countersAsked(fetch)).toBe(1));

    // Messages came while the socket was away: the push was missed, the connect tells.
    unread = 3;
    act(() => {
      socket.connected = true;
      socket.serverEmit('connect');
    });
    await waitFor(() =>
      expect(queryClient.getQueryData(['notifications', 'counters'])).toMatchObject({ messages: 3 }),
    );
    expect(countersAsked(fetch)).toBe(2);

    unmount();
    expect(socket.listenerCount('counters:update')).toBe(0);
    expect(socket.listenerCount('connect')).toBe(0);
  });
});
