import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor } from '@testing-library/react';
import type { ConversationList, Message } from '@motema/shared/chat';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import {
  buildConversation,
  buildMessage,
  freshIndexedDb,
  ME,
  me,
  people,
  stubChatApi,
} from './chat-fixtures.tsx';

/**
 * Offline reloads: what the member read is kept on the device (lib/persisted-queries.ts, chat-kept.ts)
 * and shown when the network fails; per member; gone once the member logs out.
 */
const list: ConversationList = {
  conversations: Array.from({ length: 35 }, (_, index) =>
    buildConversation(`c-${index + 1}`, {
      member: {
        ...people['other-1'],
        activity: 'earlier',
        verified: false,
        _id: `u-${index + 1}`,
        firstName: `Friend${index + 1}`,
      },
      message: buildMessage(`c-${index + 1}`, 1, { text: `Last words ${index + 1}` }),
      lastSeq: 1,
    }),
  ),
  count: 35,
};
const thread: Message[] = Array.from({ length: 60 }, (_, index) => buildMessage('c-1', index + 1));

/** A page load: fresh module state (the kept copy's memory), the same IndexedDB and localStorage. */
async function pageLoad(memberId: string | null) {
  vi.resetModules();
  const [kept, api, queryClientLib, page] = await Promise.all([
    import('../../lib/persisted-queries.ts'),
    import('./chat.api.ts'),
    import('../../lib/query-client.ts'),
    import('./list/conversations-page.tsx'),
  ]);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  client.setQueryData(['users', 'profile'], memberId === ME ? me() : null);
  // What router.tsx does before the member's screens render.
  await kept.openMemberCache(client, memberId);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const useChat = () => ({
    list: api.useConversationsQuery(),
    thread: api.useMessagesQuery('c-1'),
    conversation: api.useConversationQuery('c-1'),
  });
  return { client, wrapper, useChat, ...kept, ...queryClientLib, ConversationsPage: page.ConversationsPage };
}

const online = () =>
  stubChatApi({
    'GET /api/conversations': () => list,
    'GET /api/conversations/c-1/messages': () => ({ messages: thread, count: 60, hasMore: false }),
    'GET /api/conversations/c-1': () => ({ conversation: list.conversations[0] }),
  });
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );

/** Reads the conversations and the thread c-1 online, and waits until they are on the device. */
async function readOnline() {
  online();
  const load = await pageLoad(ME);
  load.rememberMe(me());
  const { result, unmount } = renderHook(load.useChat, { wrapper: load.wrapper });
  await waitFor(() => expect(result.current.thread.data?.pages[0]?.messages).toHaveLength(60), {
    timeout: 5000,
  });
  await waitFor(() => expect(result.current.list.data?.conversations).toHaveLength(35), { timeout: 5000 });
  // Saved a moment after the answers: a new page load finds them.
  await waitFor(
    async () => {
      const again = await (await import('../../lib/member-cache-store.ts')).openStore(ME, () => undefined);
      const stored = await (await import('../../lib/member-cache-store.ts')).readKept(again!);
      again!.close();
      expect(stored).toHaveLength(2);
    },
    { timeout: 5000 },
  );
  unmount();
  return load;
}

beforeEach(() => {
  freshIndexedDb();
  localStorage.clear();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('conversations and threads kept on the device', () => {
  it('shows the conversations and the latest messages of a thread after an offline reload', async () => {
    await readOnline();

    offline();
    const load = await pageLoad(ME);
    const { result } = renderHook(load.useChat, { wrapper: load.wrapper });
    // At once, from the device: the 30 latest conversations, the thread's 50 latest messages.
    expect(result.current.list.data?.conversations.map((c) => c._id)).toEqual(
      list.conversations.slice(0, 30).map((c) => c._id),
    );
    const page = result.current.thread.data?.pages[0];
    expect(page?.messages.map((m) => m.seq)).toEqual(thread.slice(-50).map((m) => m.seq));
    expect(page?.hasMore, 'older messages load when online').toBe(true);
    expect(result.current.conversation.data?.member.firstName).toBe('Friend1');
    // The network failing does not take them away.
    const [listAfter, threadAfter] = await Promise.all([
      result.current.list.refetch(),
      result.current.thread.refetch(),
    ]);
    expect(listAfter.error?.message).toBe('Not connected to the internet');
    expect(listAfter.data?.conversations).toHaveLength(30);
    expect(threadAfter.error?.message).toBe('Not connected to the internet');
    expect(threadAfter.data?.pages[0]?.messages).toHaveLength(50);

    renderPage('/conversations', <load.ConversationsPage />, { me: me() });
    expect(await screen.findByText('Last words 1')).toBeTruthy();
    expect(screen.queryByText('Last words 31')).toBeNull();
  });

  it('asks again for the conversations and a thread kept a moment ago, which may lack the last message sent', async () => {
    await readOnline();
    // The member sent one more just before the page was left; the copy was written before it.
    const sent = buildMessage('c-1', 61, { text: 'Sent just before the reload' });
    const [first, ...others] = list.conversations;
    const newer = { ...first!, message: sent, lastSeq: 61 };
    stubChatApi({
      'GET /api/conversations': () => ({ ...list, conversations: [newer, ...others] }),
      'GET /api/conversations/c-1/messages': () => ({
        messages: [...thread, sent],
        count: 61,
        hasMore: false,
      }),
      'GET /api/conversations/c-1': () => ({ conversation: newer }),
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const load = await pageLoad(ME);
    const { result } = renderHook(load.useChat, { wrapper: load.wrapper });
    expect(result.current.thread.data?.pages[0]?.messages.at(-1)?.seq, 'drawn from the copy first').toBe(60);
    expect(result.current.list.data?.conversations[0]?.lastSeq, 'drawn from the copy first').toBe(1);
    await waitFor(() => expect(result.current.thread.data?.pages[0]?.messages.at(-1)?.seq).toBe(61), {
      timeout: 5000,
    });
    await waitFor(() => expect(result.current.list.data?.conversations[0]?.lastSeq).toBe(61), {
      timeout: 5000,
    });
    await waitFor(() => expect(result.current.conversation.data?.lastSeq).toBe(61), { timeout: 5000 });
  });

  it('keeps each member their own and forgets them at logout', async () => {
    await readOnline();

    offline();
    const other = await pageLoad('member-2');
    expect(other.keptData(['chat', 'conversations']), "another member sees nothing of Amani's").toBe(
      undefined,
    );

    const load = await pageLoad(ME);
    expect(load.keptData<ConversationList>(['chat', 'conversations'])?.conversations).toHaveLength(30);
    // Logout (as users.api's useEndSession does after PUT /users/logout).
    load.endSession(load.client, () => undefined, '/login');

    const after = await pageLoad(ME);
    expect(after.keptData(['chat', 'conversations']), 'nothing kept after logout').toBe(undefined);
    const { result } = renderHook(after.useChat, { wrapper: after.wrapper });
    const [listAfter, threadAfter] = await Promise.all([
      result.current.list.refetch(),
      result.current.thread.refetch(),
    ]);
    expect(listAfter.error?.message).toBe('Not connected to the internet');
    expect(listAfter.data).toBe(undefined);
    expect(threadAfter.data).toBe(undefined);
  });
});

describe('the kept chat queries’ bound', () => {
  it('drops an answer of a shape this build does not read, and keeps the others', async () => {
    const { chatKeptQueries } = await import('./chat-kept.ts');
    const { chatKeys } = await import('./chat-cache.ts');
    const kept = (queryKey: readonly unknown[], data: unknown) => ({
      hash: JSON.stringify(queryKey),
      queryKey: [...queryKey],
      data,
      updatedAt: 1,
    });
    const bounded = chatKeptQueries.bound([
      kept(chatKeys.conversations(), { conversations: list.conversations.slice(0, 2), count: 2 }),
      kept(chatKeys.messages('c-1'), { pages: [{ messages: thread, hasMore: false }], pageParams: [null] }),
      kept(chatKeys.messages('c-2'), { messages: thread }),
    ]);
    expect(bounded.map((query) => query.queryKey)).toEqual([
      [...chatKeys.conversations()],
      [...chatKeys.messages('c-1')],
    ]);
    expect(chatKeptQueries.bound([kept(chatKeys.conversations(), { items: [] })])).toEqual([]);
  });
});
