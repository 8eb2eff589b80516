/** Home marks the member's notifications seen when it opens, and again when new ones arrive while it is open. */
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { counters, requestsOf, stubCountersApi } from './notifications-fixtures.tsx';
import { useNotificationsSeenOnOpen } from './notifications.api.ts';

afterEach(() => vi.unstubAllGlobals());

function HomeProbe() {
  useNotificationsSeenOnOpen();
  return <h1>Home</h1>;
}

const seenCalls = (fetch: ReturnType<typeof stubCountersApi>) =>
  requestsOf(fetch).filter((request) => request === 'PUT /api/counters/notifications').length;

describe('notifications seen on open', () => {
  it('tells the server once on open and takes the counters it answers', async () => {
    // The counters request never answers here: what the cache holds comes from the seen call.
    const fetch = stubCountersApi(
      () => new Promise(() => undefined),
      () => counters({ notifications: 0, messages: 1 }),
    );
    const view = renderPage('/home', <HomeProbe />, { me: buildMe() });
    await waitFor(() => expect(seenCalls(fetch)).toBe(1));
    await waitFor(() =>
      expect(view.queryClient.getQueryData(['notifications', 'counters'])).toMatchObject({
        notifications: 0,
        messages: 1,
      }),
    );
    expect(seenCalls(fetch)).toBe(1);
  });

  it('tells the server again when new notifications arrive while home is open', async () => {
    const fetch = stubCountersApi(() => counters());
    const view = renderPage('/home', <HomeProbe />, { me: buildMe() });
    await waitFor(() => expect(seenCalls(fetch)).toBe(1));

    act(() => view.queryClient.setQueryData(['notifications', 'counters'], counters({ notifications: 1 })));
    await waitFor(() => expect(seenCalls(fetch)).toBe(2));
  });
});
