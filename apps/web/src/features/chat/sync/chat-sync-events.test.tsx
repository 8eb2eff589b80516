/** ChatSync: what the server pushes (new messages, edits, hides, receipts) and the catch-up on every connect. */
import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import type { ConversationList, Message } from '@motema/shared/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildConversation,
  buildMessage,
  ChatSocket,
  freshIndexedDb,
  loadChat,
  ME,
  mountSync,
  OTHER,
  requestsOf,
  seedThread,
  stubChatApi,
} from '../chat-fixtures.tsx';

beforeEach(() => freshIndexedDb());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const thread = (queryClient: QueryClient, id: string) =>
  (queryClient.getQueryData(['chat', 'messages', id]) as { pages: { messages: Message[] }[] }).pages.flatMap(
    (page) => page.messages,
  );

describe('ChatSync: what the server pushes', () => {
  it('merges a new message by seq, updates the list, and tells the server it arrived', async () => {
    const list: ConversationList = {
      conversations: [
        buildConversation('c-2', { updatedAt: '2026-05-01T11:00:00.000Z' }),
        buildConversation('c-1', { lastSeq: 2, readSeq: 2 }),
      ],
      count: 2,
    };
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    const { queryClient } = mountSync(chat, socket);
    queryClient.setQueryData(['chat', 'conversations'], list);
    seedThread(queryClient, 'c-1', [buildMessage('c-1', 1), buildMessage('c-1', 2)]);

    const third = buildMessage('c-1', 3, { createdAt: '2026-05-01T12:00:00.000Z' });
    act(() => {
      socket.serverEmit('chats:messages:new', third);
      socket.serverEmit('chats:messages:new', third);
    });
    expect(thread(queryClient, 'c-1').map((m) => m.seq)).toEqual([1, 2, 3]);
    const updated = queryClient.getQueryData<ConversationList>(['chat', 'conversations'])!;
    expect(updated.conversations.map((c) => c._id)).toEqual(['c-1', 'c-2']);
    expect(updated.conversations[0]).toMatchObject({ unread: 1, lastSeq: 3, message: { _id: third._id } });
    // What the thread held (seq 2) was delivered when it was loaded; then the new one, once.
    expect(socket.emitsOf('chats:messages:deliver')).toEqual([
      { conversationId: 'c-1', seq: 2 },
      { conversationId: 'c-1', seq: 3 },
    ]);

    // The member's own message from another device: no delivery receipt, no unread.
    act(() => socket.serverEmit('chats:messages:new', buildMessage('c-1', 4, { from: ME })));
    expect(socket.emitsOf('chats:messages:deliver')).toHaveLength(2);
    expect(
      queryClient.getQueryData<ConversationList>(['chat', 'conversations'])!.conversations[0]!.unread,
    ).toBe(1);

    // Edited, then hidden on another device.
    act(() => socket.serverEmit('chats:messages:update', { ...third, text: 'edited' }));
    expect(thread(queryClient, 'c-1').find((m) => m.seq === 3)?.text).toBe('edited');
    act(() => socket.serverEmit('chats:messages:hidden', { conversationId: 'c-1', messageId: third._id }));
    expect(thread(queryClient, 'c-1').map((m) => m.seq)).toEqual([1, 2, 4]);
  });

  it('tells the server about unread messages that reached the app through the list', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    const { queryClient } = mountSync(chat, socket);
    act(() =>
      queryClient.setQueryData<ConversationList>(['chat', 'conversations'], {
        conversations: [
          buildConversation('c-1', { lastSeq: 5, readSeq: 4, unread: 1, message: buildMessage('c-1', 5) }),
          buildConversation('c-2', { lastSeq: 3, readSeq: 3, message: buildMessage('c-2', 3) }),
          buildConversation('c-3', { lastSeq: 2, readSeq: 1, message: buildMessage('c-3', 2, { from: ME }) }),
        ],
        count: 3,
      }),
    );
    expect(socket.emitsOf('chats:messages:deliver')).toEqual([{ conversationId: 'c-1', seq: 5 }]);
  });

  it('moves receipt watermarks forward only', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    const { queryClient } = mountSync(chat, socket);
    queryClient.setQueryData(['chat', 'conversation', 'c-1'], buildConversation('c-1', { lastSeq: 9 }));
    const receipt = (deliveredSeq: number, readSeq: number, userId = OTHER) =>
      socket.serverEmit('chats:receipts', { conversationId: 'c-1', userId, deliveredSeq, readSeq });
    act(() => receipt(7, 5));
    act(() => receipt(6, 3));
    expect(queryClient.getQueryData(['chat', 'conversation', 'c-1'])).toMatchObject({
      deliveredSeq: 7,
      otherReadSeq: 5,
    });
    act(() => receipt(9, 9, ME));
    expect(queryClient.getQueryData(['chat', 'conversation', 'c-1'])).toMatchObject({
      readSeq: 9,
      unread: 0,
    });
  });
});

describe('ChatSync: catch-up on every connect', () => {
  it('asks each held thread for what came after its highest seq, page after page, and merges it once', async () => {
    const c1 = [1, 2, 3].map((seq) => buildMessage('c-1', seq));
    const fetch = stubChatApi({
      'GET /api/conversations/c-1/messages': (url) => {
        const after = Number(url.searchParams.get('after'));
        // Page 1 overlaps what the socket already brought (seq 4); page 2 ends it.
        if (after === 4)
          return { messages: [4, 5].map((s) => buildMessage('c-1', s)), count: 6, hasMore: true };
        return { messages: [buildMessage('c-1', 6)], count: 6, hasMore: false };
      },
      'GET /api/conversations/c-2/messages': () => ({ messages: [], count: 1, hasMore: false }),
      'GET /api/conversations': () => ({ conversations: [], count: 0 }),
    });
    const chat = await loadChat();
    const socket = new ChatSocket();
    socket.connected = false;
    const { queryClient } = mountSync(chat, socket);
    seedThread(queryClient, 'c-1', c1);
    seedThread(queryClient, 'c-2', [buildMessage('c-2', 8)]);
    act(() => socket.serverEmit('chats:messages:new', buildMessage('c-1', 4)));

    await act(async () => socket.goOnline());
    await waitFor(() => expect(thread(queryClient, 'c-1').map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]));
    const asked = requestsOf(fetch).filter((r) => r.includes('/messages'));
    expect(asked).toEqual([
      'GET /api/conversations/c-1/messages?after=4&limit=200',
      'GET /api/conversations/c-2/messages?after=8&limit=200',
      'GET /api/conversations/c-1/messages?after=5&limit=200',
    ]);
    expect(socket.emitsOf('chats:messages:deliver')).toContainEqual({ conversationId: 'c-1', seq: 6 });

    // A reconnect catches up again, from the new highest seq.
    await act(async () => {
      socket.goOffline();
      socket.goOnline();
    });
    await waitFor(() =>
      expect(requestsOf(fetch)).toContain('GET /api/conversations/c-1/messages?after=6&limit=200'),
    );
  });
});
