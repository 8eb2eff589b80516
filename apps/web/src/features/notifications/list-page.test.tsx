/** The notifications screen: the list with its unread state, where each entry leads, and seen on open. */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { NotificationEntry, NotificationList } from '@motema/shared/notifications';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';
import { theme } from '../../ui/theme.ts';
import { counters, memberQueryClient, requestsOf } from './notifications-fixtures.tsx';
import { NotificationsPage } from './list-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const member = (id: string, name: string) => ({ _id: id, name, avatar: null });
const entry = (
  change: Partial<NotificationEntry> & Pick<NotificationEntry, '_id' | 'kind'>,
): NotificationEntry => ({
  user: null,
  postId: null,
  payment: null,
  zone: null,
  createdAt: minutesAgo(5),
  read: false,
  ...change,
});

const ENTRIES: NotificationEntry[] = [
  entry({ _id: 'match:m1', kind: 'match', user: member('u2', 'Matondo'), createdAt: minutesAgo(2) }),
  entry({ _id: 'like:u3', kind: 'like', user: member('u3', 'Lisanga') }),
  entry({ _id: 'request:p1:u4', kind: 'request', user: member('u4', 'Rachel'), postId: 'p1' }),
  entry({ _id: 'comment:c1', kind: 'comment', user: member('u5', 'Kiese'), postId: 'p2', read: true }),
  entry({
    _id: 'payment:pay1',
    kind: 'payment',
    payment: { _id: 'pay1', status: 'FAILED' },
    createdAt: minutesAgo(60 * 26),
    read: true,
  }),
  entry({ _id: 'visit:u6', kind: 'visit', user: member('u6', 'Vita'), read: true }),
];

/**
 * `fetch` playing the server: the list's pages by `before`, the counters, and the seen call (which
 * answers the counters at zero). `order` records each request as it comes.
 */
function stubServer(pages: Record<string, NotificationList>, notifications = 3) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const request = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (request === 'GET /api/notifications') {
      const page = pages[url.searchParams.get('before') ?? ''];
      return page ? jsonResponse(200, page) : jsonResponse(404, { code: 'not_found', message: 'Not found' });
    }
    if (request === 'GET /api/counters') return jsonResponse(200, counters({ notifications }));
    if (request === 'PUT /api/counters/notifications') return jsonResponse(200, counters());
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The screen, and the pages an entry may open (each shows its path as a heading). */
function renderScreen() {
  const queryClient = memberQueryClient();
  const landing = (path: string) => ({ path, element: <h1>{path}</h1> });
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      ...['/profile/:id', '/post/:id', '/posts/requests', '/premium/subscriptions', '/zone/:id/members'].map(
        landing,
      ),
    ],
    { initialEntries: ['/notifications'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient };
}

const rowOf = (text: RegExp) => screen.getByText(text).closest('a')!;

describe('the notifications screen', () => {
  it('starts its heading at the 16 px margin of the other pages on a phone, not 12 px', async () => {
    stubServer({ '': { notifications: ENTRIES, next: null } });
    renderScreen();
    const frame = screen
      .getByRole('heading', { name: 'Notifications' })
      .closest<HTMLElement>('.mantine-Container-root');
    expect(frame?.style.paddingInline).toBe('var(--mantine-spacing-md)');
  });

  it('lists each kind with who, what and when; unread ones stand out and say so', async () => {
    stubServer({ '': { notifications: ENTRIES, next: null } });
    renderScreen();
    expect(await screen.findByText('You and \u2068Matondo\u2069 matched')).toBeTruthy();
    expect(screen.getByText('\u2068Lisanga\u2069 likes you')).toBeTruthy();
    expect(screen.getByText('\u2068Rachel\u2069 asks to see your private post')).toBeTruthy();
    expect(screen.getByText('\u2068Kiese\u2069 left a comment')).toBeTruthy();
    expect(screen.getByText('Your payment failed')).toBeTruthy();
    expect(screen.getByText('\u2068Vita\u2069 visited your profile')).toBeTruthy();
    expect(within(rowOf(/Matondo/)).getByText('2m ago')).toBeTruthy();
    expect(within(rowOf(/payment failed/)).getByText('yesterday')).toBeTruthy();

    const unread = screen.getAllByRole('link').filter((link) => link.hasAttribute('data-unread'));
    expect(unread.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Matondo'),
      expect.stringContaining('Lisanga'),
      expect.stringContaining('Rachel'),
    ]);
    for (const link of unread) expect(link.textContent).toContain('· new');
    expect(rowOf(/Kiese/).textContent).not.toContain('new');
  });

  it('opens what each tells: the profile, the post, the requests, the payments', async () => {
    stubServer({ '': { notifications: ENTRIES, next: null } });
    const { router } = renderScreen();
    await screen.findByText(/Matondo/);
    const opens = {
      Matondo: '/profile/u2',
      Lisanga: '/profile/u3',
      Vita: '/profile/u6',
      Rachel: '/posts/requests',
      Kiese: '/post/p2',
      'payment failed': '/premium/subscriptions',
    };
    for (const [text, path] of Object.entries(opens)) {
      expect(rowOf(new RegExp(text)).getAttribute('href')).toBe(path);
    }
    fireEvent.click(rowOf(/Kiese/));
    expect(await screen.findByRole('heading', { name: '/post/:id' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/post/p2');
  });

  it('tells of zones: a request to join one they run, the answers to theirs, a new post, each opening its page', async () => {
    const zone = (answer: 'approved' | 'declined' | null) => ({
      _id: 'z1',
      title: 'Kinshasa runners',
      answer,
    });
    const zones = [
      entry({ _id: 'zoneRequest:z1:u7', kind: 'zoneRequest', user: member('u7', 'Ruth'), zone: zone(null) }),
      entry({ _id: 'zoneAnswer:z1', kind: 'zoneAnswer', zone: zone('approved') }),
      entry({
        _id: 'zoneAnswer:z2',
        kind: 'zoneAnswer',
        zone: { ...zone('declined'), _id: 'z2', title: 'Chess' },
      }),
      entry({
        _id: 'zonePost:p3',
        kind: 'zonePost',
        user: member('u8', 'Bolingo'),
        postId: 'p3',
        zone: zone(null),
      }),
    ];
    stubServer({ '': { notifications: zones, next: null } });
    const { router } = renderScreen();
    const opens = {
      '\u2068Ruth\u2069 asks to join \u2068Kinshasa runners\u2069': '/zone/z1/members',
      'Your request to join \u2068Kinshasa runners\u2069 was accepted': '/zone/z1',
      'Your request to join \u2068Chess\u2069 was declined': '/zone/z2',
      '\u2068Bolingo\u2069 posted in \u2068Kinshasa runners\u2069': '/post/p3',
    };
    await screen.findByText(/Ruth/);
    for (const [text, path] of Object.entries(opens)) {
      expect(screen.getByText(text).closest('a')!.getAttribute('href')).toBe(path);
    }
    fireEvent.click(rowOf(/Ruth/));
    expect(await screen.findByRole('heading', { name: '/zone/:id/members' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/zone/z1/members');
  });

  it('marks them seen once the list is shown, and takes the counters the server answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = stubServer({ '': { notifications: ENTRIES, next: null } });
    const list = fetch.getMockImplementation()!;
    // The list answers when the test says: nothing is seen before it is shown.
    fetch.mockImplementation((input: string, init?: RequestInit) =>
      input.includes('/api/notifications')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : list(input, init),
    );
    const { queryClient } = renderScreen();
    await waitFor(() => expect(requestsOf(fetch)).toContain('GET /api/notifications'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsOf(fetch)).not.toContain('PUT /api/counters/notifications');
    await act(async () => answer(jsonResponse(200, { notifications: ENTRIES, next: null })));
    await screen.findByText(/Matondo/);
    await waitFor(() => expect(requestsOf(fetch)).toContain('PUT /api/counters/notifications'));
    await waitFor(() =>
      expect(queryClient.getQueryData(['notifications', 'counters'])).toMatchObject({ notifications: 0 }),
    );
    // Still styled unread on this visit: they were new when the screen opened.
    expect(rowOf(/Matondo/).hasAttribute('data-unread')).toBe(true);
  });

  it('says so when there is nothing, and loads older pages on demand', async () => {
    stubServer({ '': { notifications: [], next: null } }, 0);
    renderScreen();
    expect(await screen.findByText('Nothing new yet')).toBeTruthy();
    vi.unstubAllGlobals();

    const older = entry({ _id: 'visit:u9', kind: 'visit', user: member('u9', 'Bolingo'), read: true });
    const fetch = stubServer({
      '': { notifications: ENTRIES, next: '2026-11-20T10:00:00.123456Z' },
      '2026-11-20T10:00:00.123456Z': { notifications: [older], next: null },
    });
    document.body.innerHTML = '';
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('\u2068Bolingo\u2069 visited your profile')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(requestsOf(fetch).filter((request) => request === 'GET /api/notifications')).toHaveLength(2);
  });
});
