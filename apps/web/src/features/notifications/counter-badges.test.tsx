import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { NavCount, NavIndicator } from './counter-badges.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import {
  counters,
  memberQueryClient,
  mountCountersSync,
  stubCountersApi,
} from './notifications-fixtures.tsx';
import { unreadTitle } from './use-unread-title.ts';

afterEach(() => vi.unstubAllGlobals());

describe('badges', () => {
  it('shows unread messages on Chats, new notifications on the bell only, nothing at 0', async () => {
    stubCountersApi(() => counters({ messages: 3, conversations: 2 }));
    const view = renderPage(
      '/home',
      <nav>
        <a href="/conversations">
          <NavIndicator to="/conversations">icon</NavIndicator>Chats
        </a>
        <a href="/home">
          <NavCount to="/home" />
          Home
        </a>
        <a href="/swap">
          <NavCount to="/swap" />
          Swap
        </a>
        <NotificationBell />
      </nav>,
      { me: buildMe() },
    );
    expect(await screen.findByRole('link', { name: /3 unread messages/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/notifications');
    act(() => view.queryClient.setQueryData(['notifications', 'counters'], counters({ notifications: 120 })));
    const bell = await screen.findByRole('link', { name: 'Notifications, 120 new notifications' });
    expect(bell.closest('.mantine-Indicator-root')?.textContent).toContain('99+');
    // Home no longer carries them: the bell opens the screen that sees them.
    expect(screen.getByRole('link', { name: 'Home' }).textContent).toBe('Home');
    expect(screen.getByRole('link', { name: 'Swap' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chats/ }).textContent).not.toContain('unread');
  });
});

describe('tab title', () => {
  it('puts the unread count before the page’s title and follows both', async () => {
    expect(unreadTitle('Chats · Motema', 2)).toBe('(2) Chats · Motema');
    expect(unreadTitle('(2) Chats · Motema', 0)).toBe('Chats · Motema');
    expect(unreadTitle('(2) Home', 150)).toBe('(99+) Home');

    document.title = 'Motema';
    let unread = 4;
    stubCountersApi(() => counters({ messages: unread, conversations: 1 }));
    const socket = new FakeSocket();
    const { queryClient } = mountCountersSync(socket);
    await waitFor(() => expect(document.title).toBe('(4) Motema'));
    // A page names the tab: the count stays in front.
    document.title = 'Swap · Motema';
    await waitFor(() => expect(document.title).toBe('(4) Swap · Motema'));
    unread = 0;
    act(() => socket.serverEmit('counters:update', counters()));
    await waitFor(() => expect(document.title).toBe('Swap · Motema'));
    expect(queryClient.getQueryData(['notifications', 'counters'])).toMatchObject({ messages: 0 });
  });

  it('counts nothing in discreet mode: the tab says the page’s neutral title only, while the badges count', async () => {
    document.title = 'Motema';
    stubCountersApi(() => counters({ messages: 4, conversations: 1 }));
    const queryClient = memberQueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, buildMe({ discreet: true }));
    mountCountersSync(new FakeSocket(), queryClient);
    await waitFor(() =>
      expect(queryClient.getQueryData(['notifications', 'counters'])).toMatchObject({ messages: 4 }),
    );
    expect(document.title).toBe('Motema');
    // Turned off: the count comes back.
    act(() => queryClient.setQueryData(ME_QUERY_KEY, buildMe({ discreet: false })));
    await waitFor(() => expect(document.title).toBe('(4) Motema'));
  });
});
