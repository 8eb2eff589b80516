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
  me,
  mountSync,
  newQueryClient,
  OTHER,
  requestsOf,
  seedThread,
  stubChatApi,
} from './chat-fixtures.tsx';
import type { Draft } from './thread-types.ts';

beforeEach(() => freshIndexedDb());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const draft = (text: string): Draft => ({ text, files: [], replyTo: null });
const thread = (queryClient: QueryClient, id: string) =>
  (queryClient.getQueryData(['chat', 'messages', id]) as { pages: { messages: Message[] }[] }).pages.flatMap(
    (page) => page.messages,
  );

describe('ChatSync: the outbox', () => {
  it('keeps messages written offline across a reload and sends them once, in order, on connect', async () => {
    stubChatApi({});
    // First page load: offline, the member writes three messages.
    const first = await loadChat();
    const offline = new ChatSocket();
    offline.connected = false;
    const firstView = mountSync(first, offline);
    await first.queueMessage('c-1', draft('one'));
    await first.queueMessage('c-1', draft('two'));
    await first.queueMessage('c-2', draft('three'));
    expect(offline.emitsOf('chats:messages:send')).toEqual([]);
    expect(first.outbox.list().map((entry) => [entry.text, entry.state])).toEqual([
      ['one', 'sending'],
      ['two', 'sending'],
      ['three', 'sending'],
    ]);
    firstView.unmount();

    // The page is reloaded: new module state, the same IndexedDB.
    const second = await loadChat();
    expect(second.outbox.list()).toEqual([]);
    const socket = new ChatSocket();
    socket.connected = false;
    const { queryClient } = mountSync(second, socket);
    seedThread(queryClient, 'c-1', []);
    await waitFor(() => expect(second.outbox.list()).toHaveLength(3));

    await act(async () => {
      socket.goOnline();
      socket.goOnline(); // a second connect while the first flush runs: still one send each
    });
    await waitFor(() => expect(second.outbox.list()).toEqual([]));
    const sent = socket.emitsOf('chats:messages:send') as {
      text: string;
      clientId: string;
      conversationId: string;
    }[];
    // In order within each conversation (conversations go side by side).
    expect(sent.filter((p) => p.conversationId === 'c-1').map((p) => p.text)).toEqual(['one', 'two']);
    expect(sent.filter((p) => p.conversationId === 'c-2').map((p) => p.text)).toEqual(['three']);
    expect(new Set(sent.map((payload) => payload.clientId)).size).toBe(3);
    expect(thread(queryClient, 'c-1').map((message) => message.text)).toEqual(['one', 'two']);

    // Nothing is left in IndexedDB either: a third load sends nothing.
    const third = await loadChat();
    await third.outbox.load();
    expect(third.outbox.list()).toEqual([]);
  });

  it('keeps each member’s outbox to themselves on a shared browser', async () => {
    stubChatApi({});
    const first = await loadChat();
    const offline = new ChatSocket();
    offline.connected = false;
    mountSync(first, offline).unmount();
    await first.queueMessage('c-1', draft('from Amani'));

    const second = await loadChat();
    const socket = new ChatSocket();
    const queryClient = newQueryClient();
    queryClient.setQueryData(['users', 'profile'], { ...me(), _id: 'me-2' });
    mountSync(second, socket, queryClient);
    await second.outbox.load();
    expect(second.outbox.list()).toEqual([]);
    expect(socket.emitsOf('chats:messages:send')).toEqual([]);

    // Amani signs in again: the message goes.
    const third = await loadChat();
    const again = new ChatSocket();
    mountSync(third, again);
    await waitFor(() => expect(again.emitsOf('chats:messages:send')).toHaveLength(1));
  });

  it('shows an acked message once even when chats:messages:new for it arrives too, before or after the ack', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    let release: () => void = () => undefined;
    const acked = new Promise<void>((resolve) => (release = resolve));
    socket.answer = async (payload) => {
      const message = socket.store(payload);
      // The broadcast overtakes the ack.
      socket.serverEmit('chats:messages:new', message);
      await acked;
      return { ok: true, message };
    };
    const { queryClient } = mountSync(chat, socket);
    seedThread(queryClient, 'c-1', [buildMessage('c-1', 1)]);
    await act(() => chat.queueMessage('c-1', draft('hello')));
    await waitFor(() => expect(thread(queryClient, 'c-1')).toHaveLength(2));
    await act(async () => release());
    const stored = [...socket.stored.values()][0]!;
    act(() => socket.serverEmit('chats:messages:new', stored));
    await waitFor(() => expect(chat.outbox.list()).toEqual([]));
    expect(thread(queryClient, 'c-1').map((message) => message.text)).toEqual(['Message 1', 'hello']);
  });

  it('marks a refused message failed with its code, and a retry reuses the same clientId', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    socket.answer = () => ({ ok: false, code: 'chat_blocked' });
    mountSync(chat, socket);
    const clientId = await chat.queueMessage('c-1', draft('hi'));
    await waitFor(() => expect(chat.outbox.get(clientId)?.state).toBe('failed'));
    expect(chat.outbox.get(clientId)?.error).toBe('chat_blocked');

    socket.answer = (payload) => ({ ok: true, message: socket.store(payload) });
    await act(() => chat.retryMessage(clientId));
    await waitFor(() => expect(chat.outbox.get(clientId)).toBeUndefined());
    const ids = (socket.emitsOf('chats:messages:send') as { clientId: string }[]).map((p) => p.clientId);
    expect(ids).toEqual([clientId, clientId]);
  });

  it('keeps a message whose ack never came as sending, holds back the next one, and resends both on reconnect', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    socket.answer = () => Promise.reject(new Error('operation has timed out'));
    mountSync(chat, socket);
    const first = await chat.queueMessage('c-1', draft('first'));
    const second = await chat.queueMessage('c-1', draft('second'));
    await waitFor(() => expect(chat.outbox.get(first)?.attempts).toBe(1));
    // The second waits behind the first: sending it now could store it before the first.
    expect(socket.emitsOf('chats:messages:send')).toHaveLength(1);
    expect(chat.outbox.get(second)?.state).toBe('sending');

    socket.answer = (payload) => ({ ok: true, message: socket.store(payload) });
    await act(async () => {
      socket.goOffline();
      socket.goOnline();
    });
    await waitFor(() => expect(chat.outbox.list()).toEqual([]));
    const texts = (socket.emitsOf('chats:messages:send') as { text: string }[]).map((p) => p.text);
    expect(texts).toEqual(['first', 'first', 'second']);
  });

  it('uploads files first, once, with progress, and sends their ids', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const uploads: string[] = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      statusText = '';
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
        {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      withCredentials = false;
      open(_method: string, url: string) {
        uploads.push(url);
      }
      setRequestHeader() {}
      abort() {}
      send(form: FormData) {
        expect(form.get('kind')).toBe('photo');
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
          this.status = 201;
          this.responseText = JSON.stringify({ file: { _id: `file-${uploads.length}` } });
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const socket = new ChatSocket();
    // The first ack is lost: the retry must not upload again.
    let lost = true;
    socket.answer = (payload) => {
      if (lost) {
        lost = false;
        return Promise.reject(new Error('timeout'));
      }
      return { ok: true, message: socket.store(payload) };
    };
    mountSync(chat, socket);
    const blob = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    await chat.queueMessage('c-1', {
      text: '',
      files: [{ kind: 'photo', blob, name: 'me.jpg', durationMs: null }],
      replyTo: null,
    });
    await waitFor(() => expect(socket.emitsOf('chats:messages:send')).toHaveLength(1));
    expect(chat.outbox.list()[0]?.files[0]?.fileId).toBe('file-1');
    await act(async () => {
      socket.goOffline();
      socket.goOnline();
    });
    await waitFor(() => expect(chat.outbox.list()).toEqual([]));
    expect(uploads).toEqual(['/api/conversations/c-1/files']);
    expect(socket.emitsOf('chats:messages:send')).toEqual([
      expect.objectContaining({ conversationId: 'c-1', files: ['file-1'] }),
      expect.objectContaining({ conversationId: 'c-1', files: ['file-1'] }),
    ]);
  });
});

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

  it('moves receipt watermarks forward only, and sets the counters', async () => {
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

    act(() => socket.serverEmit('counters:update', { messages: 4, conversations: 2, notifications: 1 }));
    expect(queryClient.getQueryData(['chat', 'counters'])).toEqual({
      messages: 4,
      conversations: 2,
      notifications: 1,
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
    await waitFor(() => expect(requestsOf(fetch)).toContain('GET /api/counters'));

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
