/** The notifications screen marks them seen once shown, and again (after listing them) when new ones arrive. */
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { counters, requestsOf, stubCountersApi } from './notifications-fixtures.tsx';
import { useNotificationListQuery, useNotificationsSeenOnOpen } from './notifications.api.ts';

afterEach(() => vi.unstubAllGlobals());

function ScreenProbe({ shown }: { shown: boolean }) {
  useNotificationsSeenOnOpen(shown);
  return <h1>Notifications</h1>;
}

/** The screen as it is: the list shown once loaded. */
function ListedProbe() {
  const list = useNotificationListQuery();
  useNotificationsSeenOnOpen(list.isSuccess);
  return <h1>Notifications</h1>;
}

const seenCalls = (fetch: ReturnType<typeof stubCountersApi>) =>
  requestsOf(fetch).filter((request) => request === 'PUT /api/counters/notifications').length;

describe('notifications seen on open', () => {
  it('tells the server once shown (never before) and takes the counters it answers', async () => {
    // The counters request never answers here: what the cache holds comes from the seen call.
    const fetch = stubCountersApi(
      () => new Promise(() => undefined),
      () => counters({ notifications: 0, messages: 1 }),
    );
    const hidden = renderPage('/notifications', <ScreenProbe shown={false} />, { me: buildMe() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seenCalls(fetch)).toBe(0);
    hidden.unmount();

    const view = renderPage('/notifications', <ScreenProbe shown />, { me: buildMe() });
    await waitFor(() => expect(seenCalls(fetch)).toBe(1));
    await waitFor(() =>
      expect(view.queryClient.getQueryData(['notifications', 'counters'])).toMatchObject({
        notifications: 0,
        messages: 1,
      }),
    );
    expect(seenCalls(fetch)).toBe(1);
  });

  it('lists new notifications arriving while open before telling the server again', async () => {
    const fetch = stubCountersApi(() => counters());
    const serve = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: string, init?: RequestInit) =>
      input.includes('/api/notifications')
        ? jsonResponse(200, { notifications: [], next: null })
        : serve(input, init),
    );
    const view = renderPage('/notifications', <ListedProbe />, { me: buildMe() });
    await waitFor(() => expect(seenCalls(fetch)).toBe(1));
    const before = requestsOf(fetch).length;

    act(() => view.queryClient.setQueryData(['notifications', 'counters'], counters({ notifications: 1 })));
    await waitFor(() => expect(seenCalls(fetch)).toBe(2));
    expect(requestsOf(fetch).slice(before)).toEqual([
      'GET /api/notifications',
      'PUT /api/counters/notifications',
    ]);
  });
});
