import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Conversation, Message } from '@motema/shared/chat';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildConversation,
  buildMessage,
  ChatSocket,
  freshIndexedDb,
  loadChat,
  ME,
  newQueryClient,
  requestsOf,
  stubChatApi,
} from '../chat-fixtures.tsx';

beforeEach(() => freshIndexedDb());
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

async function renderThread(options: { messages: Message[]; conversation: Conversation; hasMore?: boolean }) {
  const fetch = stubChatApi({
    'GET /api/conversations/c-1/messages': (url) =>
      url.searchParams.has('before')
        ? { messages: [buildMessage('c-1', 1)], count: 5, hasMore: false }
        : { messages: options.messages, count: options.messages.length, hasMore: options.hasMore ?? false },
    'GET /api/conversations/c-1': () => ({ conversation: options.conversation }),
  });
  const chat = await loadChat();
  const { useThread } = await import('./use-thread.ts');
  const socket = new ChatSocket();
  const queryClient = newQueryClient();
  const { ChatSync, SocketContext } = chat;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
        <ChatSync />
        {children}
      </SocketContext>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useThread('c-1'), { wrapper });
  await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
  return { ...hook, socket, queryClient, fetch, chat };
}

describe('useThread', () => {
  it('lists messages ascending with the member’s own ticks from the other member’s watermarks', async () => {
    const { result } = await renderThread({
      messages: [
        buildMessage('c-1', 1, { from: ME }),
        buildMessage('c-1', 2, { from: ME }),
        buildMessage('c-1', 3, { from: ME }),
        buildMessage('c-1', 4),
      ],
      conversation: buildConversation('c-1', { lastSeq: 4, readSeq: 4, deliveredSeq: 2, otherReadSeq: 1 }),
    });
    expect(
      result.current.items.map((item) => (item.kind === 'message' ? [item.message.seq, item.state] : [])),
    ).toEqual([
      [1, 'read'],
      [2, 'delivered'],
      [3, 'sent'],
      [4, null],
    ]);
  });

  it('shows a sent message as pending, then stored under the same key, once', async () => {
    const { result, socket } = await renderThread({
      messages: [buildMessage('c-1', 1)],
      conversation: buildConversation('c-1', { lastSeq: 1, readSeq: 1 }),
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    socket.answer = async (payload) => {
      await gate;
      return { ok: true, message: socket.store(payload) };
    };
    let clientId = '';
    await act(async () => {
      clientId = await result.current.send({ text: ' hello ', files: [], replyTo: null });
    });
    const pending = result.current.items.at(-1)!;
    expect(pending).toMatchObject({ kind: 'pending', key: `c:${clientId}`, state: 'sending' });
    expect(pending.kind === 'pending' && pending.entry.text).toBe('hello');

    await act(async () => release());
    await waitFor(() => expect(result.current.items.at(-1)?.kind).toBe('message'));
    expect(result.current.items.at(-1)).toMatchObject({ key: `c:${clientId}`, mine: true, state: 'sent' });
    expect(result.current.items).toHaveLength(2);
  });

  it('markRead sends a read receipt for the highest seq held, only while the tab is visible', async () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    const { result, socket, queryClient } = await renderThread({
      messages: [buildMessage('c-1', 1), buildMessage('c-1', 2)],
      conversation: buildConversation('c-1', { lastSeq: 2, readSeq: 0, unread: 2 }),
    });
    act(() => result.current.markRead());
    expect(socket.emitsOf('chats:messages:read')).toEqual([]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => result.current.markRead());
    expect(socket.emitsOf('chats:messages:read')).toEqual([{ conversationId: 'c-1', seq: 2 }]);
    expect(queryClient.getQueryData(['chat', 'conversation', 'c-1'])).toMatchObject({
      readSeq: 2,
      unread: 0,
    });

    // A new message is not read until the page says the member saw it.
    act(() => socket.serverEmit('chats:messages:new', buildMessage('c-1', 3)));
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    expect(socket.emitsOf('chats:messages:read')).toHaveLength(1);
    act(() => result.current.markRead());
    expect(socket.emitsOf('chats:messages:read')).toEqual([
      { conversationId: 'c-1', seq: 2 },
      { conversationId: 'c-1', seq: 3 },
    ]);
  });

  it('loads older pages before the oldest seq held', async () => {
    const { result, fetch } = await renderThread({
      messages: [buildMessage('c-1', 2), buildMessage('c-1', 3)],
      conversation: buildConversation('c-1', { lastSeq: 3, readSeq: 3 }),
      hasMore: true,
    });
    expect(result.current.hasOlder).toBe(true);
    act(() => result.current.fetchOlder());
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    expect(requestsOf(fetch)).toContain('GET /api/conversations/c-1/messages?before=2');
    expect(result.current.hasOlder).toBe(false);
  });
});
