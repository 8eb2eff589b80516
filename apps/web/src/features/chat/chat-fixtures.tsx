/** Test helpers of the chat's data layer: people, messages, conversations, a socket and the API. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { Conversation, Message } from '@motema/shared/chat';
import { vi } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';

export const ME = 'me-1';
export const OTHER = 'other-1';

export const people = {
  [ME]: { _id: ME, username: 'amani', firstName: 'Amani', name: 'Amani Mbala', avatar: null },
  [OTHER]: { _id: OTHER, username: 'zola', firstName: 'Zola', name: 'Zola Tshibanda', avatar: null },
};

export const me = () => buildMe({ _id: ME, username: 'amani', firstName: 'Amani', name: 'Amani Mbala' });

export function buildMessage(
  conversationId: string,
  seq: number,
  change: Partial<Message> & { from?: string } = {},
): Message {
  const { from = OTHER, ...rest } = change;
  return {
    _id: `${conversationId}-m${seq}`,
    clientId: `${conversationId}-client-${seq}`,
    conversation: { _id: conversationId },
    seq,
    sender: people[from as keyof typeof people],
    text: `Message ${seq}`,
    files: [],
    replyTo: null,
    deliveredTo: [],
    readBy: [],
    important: false,
    unsent: false,
    editedAt: null,
    createdAt: new Date(Date.UTC(2026, 4, 1, 10, seq)).toISOString(),
    ...rest,
  };
}

export function buildConversation(id: string, change: Partial<Conversation> = {}): Conversation {
  return {
    _id: id,
    member: { ...people[OTHER], activity: 'earlier', verified: false },
    message: null,
    lastSeq: 0,
    unread: 0,
    readSeq: 0,
    deliveredSeq: 0,
    otherReadSeq: 0,
    updatedAt: '2026-05-01T10:00:00.000Z',
    request: false,
    ...change,
  };
}

/** Plays the server: acks sends with a stored message (seq counting per conversation) unless told otherwise. */
export class ChatSocket extends FakeSocket {
  private readonly seqs = new Map<string, number>();
  readonly stored = new Map<string, Message>();
  /** What a send is answered with; by default the message stored once per clientId. */
  answer: (payload: Record<string, unknown>) => unknown | Promise<unknown> = (payload) => ({
    ok: true,
    message: this.store(payload),
  });

  store(payload: Record<string, unknown>): Message {
    const clientId = String(payload.clientId);
    const known = this.stored.get(clientId);
    if (known) return known;
    const conversationId = String(payload.conversationId);
    const seq = (this.seqs.get(conversationId) ?? 0) + 1;
    this.seqs.set(conversationId, seq);
    const message = buildMessage(conversationId, seq, {
      from: ME,
      _id: `stored-${clientId}`,
      clientId,
      text: (payload.text as string | undefined) ?? null,
    });
    this.stored.set(clientId, message);
    return message;
  }

  override timeout() {
    return {
      emitWithAck: async (event: string, ...args: unknown[]) => {
        this.emitted.push({ event, args });
        return this.answer(args[0] as Record<string, unknown>);
      },
    };
  }

  goOffline() {
    this.connected = false;
    this.serverEmit('disconnect', 'transport close');
  }

  goOnline() {
    this.connected = true;
    this.serverEmit('connect');
  }
}

type Handler = (url: URL, body: unknown) => Response | unknown | Promise<Response | unknown>;

/** `fetch` answering `"METHOD /api/path"` handlers (a plain value is sent as JSON 200); 404 otherwise. */
export function stubChatApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${url.pathname}`];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (!handler) return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    const answer = await handler(url, body);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The requests made, as "METHOD /path?query". */
export function requestsOf(fetch: ReturnType<typeof stubChatApi>): string[] {
  return fetch.mock.calls.map(([input, init]) => {
    const url = new URL(input, 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}

/** A new, empty IndexedDB (each test starts with no outbox). */
export function freshIndexedDb() {
  vi.stubGlobal('indexedDB', new IDBFactory());
}

/**
 * The chat modules as a fresh page load sees them: new module state (the outbox's memory, the
 * sender), the same IndexedDB.
 */
export async function loadChat() {
  vi.resetModules();
  const [sync, socketLib, outbox, sender, refusals, cache] = await Promise.all([
    import('./sync/chat-sync.tsx'),
    import('../../lib/socket.ts'),
    import('./composer/outbox.ts'),
    import('./composer/outbox-sender.ts'),
    import('./composer/outbox-refusals.ts'),
    import('./chat-cache.ts'),
  ]);
  return { ...sync, ...socketLib, ...outbox, ...sender, ...refusals, ...cache };
}

export type ChatModules = Awaited<ReturnType<typeof loadChat>>;

/** Mounts the data layer as the home layout does, on a query client seeded with the member. */
export function mountSync(modules: ChatModules, socket: ChatSocket, queryClient = newQueryClient()) {
  const { ChatSync, SocketContext } = modules;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SocketContext value={{ socket: socket.asSocket(), connected: socket.connected }}>
        <ChatSync />
      </SocketContext>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export function newQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(['users', 'profile'], me());
  return queryClient;
}

/** A thread held in the cache, one page. */
export function seedThread(
  queryClient: QueryClient,
  conversationId: string,
  messages: Message[],
  hasMore = false,
) {
  queryClient.setQueryData(['chat', 'messages', conversationId], {
    pages: [{ messages, count: messages.length, hasMore }],
    pageParams: [null],
  });
}
