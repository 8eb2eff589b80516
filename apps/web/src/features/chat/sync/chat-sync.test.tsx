/** ChatSync: the outbox (QUALITY C1, C2): kept across reloads, sent once and in order, files first. */
import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import type { Message } from '@motema/shared/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildMessage,
  ChatSocket,
  freshIndexedDb,
  loadChat,
  me,
  mountSync,
  newQueryClient,
  seedThread,
  stubChatApi,
} from '../chat-fixtures.tsx';
import type { Draft } from '../thread/thread-types.ts';

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

  it('waits the seconds a rate-limit refusal gives, and a server error a moment, then sends the same message again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    const answers: unknown[] = [
      { ok: false, code: 'rate_limited', retryAfter: 30 },
      { ok: false, code: 'service_unavailable' },
    ];
    socket.answer = (payload) => answers.shift() ?? { ok: true, message: socket.store(payload) };
    mountSync(chat, socket);
    const clientId = await chat.queueMessage('c-1', draft('hi'));
    await waitFor(() => expect(socket.emitsOf('chats:messages:send')).toHaveLength(1));
    expect(chat.outbox.get(clientId)?.state).toBe('sending');
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(socket.emitsOf('chats:messages:send')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(socket.emitsOf('chats:messages:send')).toHaveLength(2));
    expect(chat.outbox.get(clientId)?.state).toBe('sending');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(chat.outbox.get(clientId)).toBeUndefined());
    const ids = (socket.emitsOf('chats:messages:send') as { clientId: string }[]).map((p) => p.clientId);
    expect(ids).toEqual([clientId, clientId, clientId]);
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
