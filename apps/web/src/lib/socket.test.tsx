import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket.ts';
import { buildMe } from '../test/render-page.tsx';
import { clearExitPath, setNavigator } from './navigation.ts';
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
});
