import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket.ts';
import { buildMe } from '../test/render-page.tsx';
import { notifications } from '@mantine/notifications';
import { CLIENT_LOGS_FLUSH_MS, recordClientLog, resetClientLogs } from './client-logs.ts';
import { clearExitPath, setNavigator } from './navigation.ts';
import { hideOfflineNotice } from './notices.ts';
import { ME_QUERY_KEY } from './query-client.ts';
import { SocketProvider, useSocketConnected, useSocketEvent } from './socket.ts';

afterEach(() => clearExitPath());

function Probe({ onWelcome }: { onWelcome: (userId: string) => void }) {
  useSocketEvent('connected', ({ userId }) => onWelcome(userId));
  return <p>{useSocketConnected() ? 'online' : 'offline'}</p>;
}

function renderProvider(userId: string | null, socket: FakeSocket, children: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, buildMe());
  const open = vi.fn(() => socket.asSocket());
  const tree = (id: string | null) => (
    <QueryClientProvider client={queryClient}>
      <SocketProvider userId={id} open={open}>
        {children}
      </SocketProvider>
    </QueryClientProvider>
  );
  const view = render(tree(userId));
  return { ...view, open, queryClient, setUser: (id: string | null) => view.rerender(tree(id)) };
}

describe('SocketProvider', () => {
  it('opens one connection for a member, follows connect and disconnect, and routes events', () => {
    const socket = new FakeSocket();
    socket.connected = false;
    const onWelcome = vi.fn();
    const { open, unmount } = renderProvider('u1', socket, <Probe onWelcome={onWelcome} />);
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.getByText('offline')).toBeTruthy();

    act(() => {
      socket.connected = true;
      socket.serverEmit('connect');
      socket.serverEmit('connected', { userId: 'u1' });
    });
    expect(screen.getByText('online')).toBeTruthy();
    expect(onWelcome).toHaveBeenCalledWith('u1');

    act(() => {
      socket.connected = false;
      socket.serverEmit('disconnect', 'transport close');
    });
    expect(screen.getByText('offline')).toBeTruthy();

    unmount();
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.listenerCount('connected')).toBe(0);
  });

  it('opens nothing without a member and closes the connection when the session ends', () => {
    const socket = new FakeSocket();
    const { open, setUser } = renderProvider(null, socket, <Probe onWelcome={vi.fn()} />);
    expect(open).not.toHaveBeenCalled();
    setUser('u1');
    expect(open).toHaveBeenCalledTimes(1);
    setUser(null);
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(screen.getByText('offline')).toBeTruthy();
  });

  it('ends the session in the app when the server revokes it', () => {
    const socket = new FakeSocket();
    const go = vi.fn();
    setNavigator(go);
    const { queryClient } = renderProvider('u1', socket, null);
    act(() => socket.serverEmit('session:revoked'));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
    expect(go).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?from=/));
  });

  it('connects again by itself a few seconds after the server refused the handshake for a moment', () => {
    vi.useFakeTimers();
    try {
      const socket = new FakeSocket();
      socket.connected = false;
      socket.active = false;
      const { unmount } = renderProvider('u1', socket, null);
      act(() => socket.serverEmit('connect_error', new Error('service_unavailable')));
      act(() => vi.advanceTimersByTime(1999));
      expect(socket.connect).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(2001));
      expect(socket.connect).toHaveBeenCalledTimes(1);
      // A lost session is not retried: the app asks who the member is instead.
      act(() => socket.serverEmit('connect_error', new Error('unauthorized')));
      act(() => vi.advanceTimersByTime(10_000));
      expect(socket.connect).toHaveBeenCalledTimes(1);
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a handshake refused for too many tabs: it says so, and tries again when the page is shown again', () => {
    vi.useFakeTimers();
    const show = vi.spyOn(notifications, 'show');
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    try {
      const socket = new FakeSocket();
      socket.connected = false;
      socket.active = false;
      const { unmount } = renderProvider('u1', socket, null);
      act(() => socket.serverEmit('connect_error', new Error('too_many_connections')));
      act(() => vi.advanceTimersByTime(60_000));
      expect(socket.connect).not.toHaveBeenCalled();
      expect(show).toHaveBeenCalledTimes(1);
      expect(show.mock.calls[0]![0]).toMatchObject({
        message:
          'Motema is open in too many tabs or windows. Close some of them, then come back to this one.',
      });
      // The member went to another tab and came back: one more try, then nothing until the next return.
      visibility.mockReturnValue('hidden');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(socket.connect).not.toHaveBeenCalled();
      visibility.mockReturnValue('visible');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(socket.connect).toHaveBeenCalledTimes(1);
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      act(() => vi.advanceTimersByTime(60_000));
      expect(socket.connect).toHaveBeenCalledTimes(1);
      unmount();
    } finally {
      show.mockRestore();
      visibility.mockRestore();
      vi.useRealTimers();
    }
  });

  it('refetches the profile when the server greets another member than the one shown', () => {
    const socket = new FakeSocket();
    const { queryClient } = renderProvider('u1', socket, null);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const me = queryClient.getQueryData<{ _id: string }>(ME_QUERY_KEY)!._id;
    act(() => socket.serverEmit('connected', { userId: me }));
    expect(invalidate).not.toHaveBeenCalled();
    // A login in another tab took the cookie over: this page shows someone else.
    act(() => socket.serverEmit('connected', { userId: 'someone-else' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ME_QUERY_KEY });
  });

  it('says once per outage that the server cannot be reached, and hides it when connected again', () => {
    const show = vi.spyOn(notifications, 'show');
    const hide = vi.spyOn(notifications, 'hide');
    try {
      const socket = new FakeSocket();
      socket.connected = false;
      renderProvider('u1', socket, null);
      act(() => socket.serverEmit('connect_error', new Error('xhr poll error')));
      act(() => socket.serverEmit('connect_error', new Error('xhr poll error')));
      expect(show).toHaveBeenCalledTimes(1);
      expect(show.mock.calls[0]![0]).toMatchObject({ message: 'Failed to connect to the server' });
      act(() => {
        socket.connected = true;
        socket.serverEmit('connect');
      });
      expect(hide).toHaveBeenCalledWith('offline');
      // A lost session is not an outage: no notice.
      show.mockClear();
      act(() => socket.serverEmit('connect_error', new Error('unauthorized')));
      expect(show).not.toHaveBeenCalled();
    } finally {
      show.mockRestore();
      hide.mockRestore();
      hideOfflineNotice();
    }
  });

  it("sends the app's logs over `events` while connected, and keeps them while not", () => {
    vi.useFakeTimers();
    try {
      resetClientLogs();
      const socket = new FakeSocket();
      socket.connected = false;
      renderProvider('u1', socket, null);
      recordClientLog('error', 'before the connection');
      act(() => vi.advanceTimersByTime(CLIENT_LOGS_FLUSH_MS * 2));
      expect(socket.emitsOf('events')).toEqual([]);
      act(() => {
        socket.connected = true;
        socket.serverEmit('connect');
      });
      act(() => vi.advanceTimersByTime(CLIENT_LOGS_FLUSH_MS));
      expect(socket.emitsOf('events')).toEqual([
        { logs: [expect.objectContaining({ level: 'error', message: 'before the connection' })] },
      ]);
    } finally {
      resetClientLogs();
      vi.useRealTimers();
    }
  });
});
