import { act, fireEvent, screen } from '@testing-library/react';
import { MESSAGE_TOAST_GAP_MS, MESSAGE_TOAST_MS } from '@motema/shared/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../lib/socket.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { isolate } from '../../../ui/member-text.tsx';
import { buildMessage, ChatSocket, ME, me, people } from '../chat-fixtures.tsx';
import { MessageToasts } from './message-toasts.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function renderToasts(url: string, socket: ChatSocket) {
  const view = renderPage(
    '*',
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <MessageToasts />
    </SocketContext>,
    { url, me: me() },
  );
  await act(() => vi.waitFor(() => expect(socket.listenerCount('chats:messages:new')).toBe(1)));
  return view;
}

const toast = () => screen.queryByRole('status');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('MessageToasts', () => {
  it('shows one toast at a time, MESSAGE_TOAST_MS each, MESSAGE_TOAST_GAP_MS apart, a newer message replacing a waiting one', async () => {
    const socket = new ChatSocket();
    await renderToasts('/posts', socket);
    const bintou = { ...people['other-1'], _id: 'u-3', firstName: 'Bintou', name: 'Bintou D' };
    act(() => {
      socket.serverEmit('chats:messages:new', buildMessage('c-1', 1, { text: 'Hello there' }));
      socket.serverEmit('chats:messages:new', buildMessage('c-2', 1, { text: 'First', sender: bintou }));
      socket.serverEmit('chats:messages:new', buildMessage('c-2', 2, { text: 'Second', sender: bintou }));
    });
    expect(toast()?.textContent).toContain(`New message from ${isolate('Zola')}`);
    expect(toast()?.textContent).toContain('Hello there');
    // Named by the words it shows (WCAG 2.5.3), what a tap does described.
    const button = screen.getByRole('button', { name: /New message from .*Zola.* Hello there/ });
    expect(button.getAttribute('aria-description')).toBe('Open the chat with Zola');

    advance(MESSAGE_TOAST_MS - 1);
    expect(toast()).not.toBeNull();
    advance(1);
    expect(toast()).toBeNull();
    advance(MESSAGE_TOAST_GAP_MS - 1);
    expect(toast()).toBeNull();
    advance(1);
    expect(toast()?.textContent).toContain('Bintou');
    expect(toast()?.textContent).toContain('Second');
    advance(MESSAGE_TOAST_MS + MESSAGE_TOAST_GAP_MS);
    expect(toast()).toBeNull();
  });

  it('stays quiet for the member’s own messages and for the thread on screen', async () => {
    const socket = new ChatSocket();
    await renderToasts('/messages/c-1', socket);
    act(() => {
      socket.serverEmit('chats:messages:new', buildMessage('c-1', 1));
      socket.serverEmit('chats:messages:new', buildMessage('c-2', 1, { from: ME }));
    });
    expect(toast()).toBeNull();
    act(() => socket.serverEmit('chats:messages:new', buildMessage('c-2', 2)));
    expect(toast()).not.toBeNull();
  });

  it('tells a message announced twice (a retry of its sender) once', async () => {
    const socket = new ChatSocket();
    await renderToasts('/posts', socket);
    const message = buildMessage('c-1', 1, { text: 'Only once' });
    act(() => socket.serverEmit('chats:messages:new', message));
    advance(MESSAGE_TOAST_MS + MESSAGE_TOAST_GAP_MS);
    expect(toast()).toBeNull();
    act(() => socket.serverEmit('chats:messages:new', { ...message }));
    advance(MESSAGE_TOAST_GAP_MS);
    expect(toast()).toBeNull();
  });

  it('opens the thread when tapped', async () => {
    const socket = new ChatSocket();
    const { router } = await renderToasts('/swap', socket);
    act(() => socket.serverEmit('chats:messages:new', buildMessage('c-4', 1)));
    fireEvent.click(screen.getByRole('button', { name: /New message from .*Zola/ }));
    expect(router.state.location.pathname).toBe('/messages/c-4');
    expect(toast()).toBeNull();
  });
});
