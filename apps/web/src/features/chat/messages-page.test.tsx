import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TYPING_THROTTLE_MS, TYPING_TIMEOUT_MS } from '@motema/shared/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { SocketContext } from '../../lib/socket.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { isolate } from '../../ui/member-text.tsx';
import { LONG_PRESS_MS } from './message-actions.tsx';
import { MessagesPage } from './messages-page.tsx';
import {
  buildMessage,
  CONVERSATION,
  type FakeThread,
  ME,
  messageItem,
  OTHER,
  pendingItem,
  threadOf,
} from './thread-fixtures.ts';

const mocked = vi.hoisted(() => ({ thread: null as unknown }));

vi.mock('./use-thread.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useThread: () => mocked.thread,
}));
// The attachments' components have their own tests; here they only need to be there.
vi.mock('./attachments/message-files.tsx', () => ({
  MessageFiles: ({ files }: { files: unknown[] }) => <p>{files.length} file(s)</p>,
}));
vi.mock('./attachments/attach-button.tsx', () => ({
  AttachButton: () => <button type="button">Attach</button>,
}));
vi.mock('./attachments/pending-files-preview.tsx', () => ({ PendingFilesPreview: () => null }));
vi.mock('./attachments/voice-record-button.tsx', () => ({
  VoiceRecordButton: () => <button type="button">Record</button>,
}));

type Handler = (body: unknown, url: URL) => Response;

function stubFetch(routes: Record<string, Handler> = {}) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(body, url) : jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const calls = (fetch: ReturnType<typeof stubFetch>, key: string) =>
  fetch.mock.calls
    .filter(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}` === key,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));

function renderThread(thread: FakeThread, socket = new FakeSocket()) {
  mocked.thread = thread;
  const view = renderPage(
    '/messages/:id',
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <MessagesPage />
    </SocketContext>,
    { url: `/messages/${CONVERSATION}`, me: buildMe({ _id: ME }) },
  );
  return { ...view, socket };
}

const composer = () => screen.getByRole('textbox', { name: 'Message' });
const bubbleOf = (text: string) =>
  screen.getByText(text).closest<HTMLElement>('[data-testid="thread-item"]')!;

async function openMenuOf(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(within(bubbleOf(text)).getByRole('button', { name: 'Message options' }));
}

beforeEach(() => {
  stubFetch();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MessagesPage', () => {
  it('shows each own message with the mark of its delivery state, and the other side without', () => {
    renderThread(
      threadOf([
        messageItem(buildMessage(1, { text: 'Hello from Zola' })),
        messageItem(buildMessage(2, { from: ME, text: 'Read one' }), 'read'),
        messageItem(buildMessage(3, { from: ME, text: 'Delivered one' }), 'delivered'),
        messageItem(buildMessage(4, { from: ME, text: 'Sent one' }), 'sent'),
        pendingItem('p-1', { text: 'Sending one' }),
        pendingItem('p-2', { text: 'Failed one', state: 'failed' }),
      ]),
    );
    const stateOf = (text: string) =>
      within(bubbleOf(text))
        .queryAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label'));
    expect(stateOf('Hello from Zola')).toEqual([]);
    expect(stateOf('Read one')).toEqual(['Read']);
    expect(stateOf('Delivered one')).toEqual(['Delivered']);
    expect(stateOf('Sent one')).toEqual(['Sent']);
    expect(stateOf('Sending one')).toEqual(['Sending']);
    expect(stateOf('Failed one')).toEqual(['Not sent']);
    expect(screen.getByRole('heading', { level: 1, name: 'Zola Tshibanda' })).toBeTruthy();
  });

  it('retries or deletes a failed message from its bubble', async () => {
    const user = userEvent.setup();
    const thread = threadOf([pendingItem('p-9', { text: 'Lost on the way', state: 'failed' })]);
    renderThread(thread);
    const bubble = bubbleOf('Lost on the way');
    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    expect(thread.retry).toHaveBeenCalledWith('p-9');
    await user.click(within(bubble).getByRole('button', { name: 'Delete' }));
    expect(thread.discard).toHaveBeenCalledWith('p-9');
  });

  it('shows "message removed" for an unsent message, "edited", the star and the quoted reply', async () => {
    const user = userEvent.setup();
    const original = buildMessage(1, { text: 'Shall we meet on Saturday?' });
    const scrolled = vi.fn();
    renderThread(
      threadOf([
        messageItem(original),
        messageItem(buildMessage(2, { unsent: true, text: null })),
        messageItem(
          buildMessage(3, {
            from: ME,
            text: 'Yes, at noon',
            editedAt: new Date().toISOString(),
            important: true,
            replyTo: {
              _id: original._id,
              seq: 1,
              sender: { _id: OTHER, firstName: 'Zola', name: 'Zola Tshibanda' },
              text: original.text,
              fileTypes: [],
              unsent: false,
            },
          }),
        ),
      ]),
    );
    expect(within(bubbleOf('Message removed')).queryByText('Message 2')).toBeNull();
    const reply = bubbleOf('Yes, at noon');
    expect(within(reply).getByText('edited')).toBeTruthy();
    expect(within(reply).getByRole('img', { name: 'Important' })).toBeTruthy();
    document.getElementById(`message-${original._id}`)!.scrollIntoView = scrolled;
    await user.click(within(reply).getByRole('button', { name: /Zola.*Shall we meet on Saturday\?/ }));
    expect(scrolled).toHaveBeenCalled();
  });

  it('replies to a message: the banner shows it and the draft goes out with its id at once', async () => {
    const user = userEvent.setup();
    const thread = threadOf([messageItem(buildMessage(7, { text: 'Do you like music?' }))]);
    renderThread(thread);
    await openMenuOf(user, 'Do you like music?');
    await user.click(await screen.findByRole('menuitem', { name: 'Reply' }));
    expect(screen.getByText(`Replying to ${isolate('Zola')}`)).toBeTruthy();
    await user.type(composer(), 'Very much!{Enter}');
    expect(thread.send).toHaveBeenCalledWith({ text: 'Very much!', files: [], replyTo: 'm-7' });
    expect((composer() as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText(`Replying to ${isolate('Zola')}`)).toBeNull();
  });

  it('edits an own text message through the edit request, and cancels an edit', async () => {
    const user = userEvent.setup();
    const mine = buildMessage(4, { from: ME, text: 'See you at 5' });
    const fetch = stubFetch({
      'PATCH /api/messages/m-4': (body) =>
        jsonResponse(200, {
          message: { ...mine, text: (body as { text: string }).text, editedAt: mine.createdAt },
        }),
    });
    renderThread(threadOf([messageItem(buildMessage(3)), messageItem(mine, 'read')]));
    // Someone else's message cannot be edited.
    await openMenuOf(user, 'Message 3');
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    await user.keyboard('{Escape}');

    await openMenuOf(user, 'See you at 5');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByText('Editing your message')).toBeTruthy();
    expect((composer() as HTMLTextAreaElement).value).toBe('See you at 5');
    await user.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect((composer() as HTMLTextAreaElement).value).toBe('');
    expect(calls(fetch, 'PATCH /api/messages/m-4')).toEqual([]);

    await openMenuOf(user, 'See you at 5');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await user.clear(composer());
    await user.type(composer(), 'See you at 6');
    await user.click(screen.getByRole('button', { name: 'Save the change' }));
    await waitFor(() => expect(calls(fetch, 'PATCH /api/messages/m-4')).toEqual([{ text: 'See you at 6' }]));
    expect(screen.queryByText('Editing your message')).toBeNull();
  });

  it('asks before unsending, and unsends only when confirmed', async () => {
    const user = userEvent.setup();
    const mine = buildMessage(5, { from: ME, text: 'Oops, wrong chat' });
    const fetch = stubFetch({
      'POST /api/messages/m-5/unsend': () =>
        jsonResponse(200, { message: { ...mine, unsent: true, text: null } }),
    });
    renderThread(threadOf([messageItem(mine)]));
    await openMenuOf(user, 'Oops, wrong chat');
    await user.click(await screen.findByRole('menuitem', { name: 'Unsend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsend this message?' });
    expect(dialog.textContent).toContain(`${isolate('Zola')} will see “Message removed”`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetch, 'POST /api/messages/m-5/unsend')).toEqual([]);

    await openMenuOf(user, 'Oops, wrong chat');
    await user.click(await screen.findByRole('menuitem', { name: 'Unsend' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unsend' }));
    await waitFor(() => expect(calls(fetch, 'POST /api/messages/m-5/unsend')).toHaveLength(1));
  });

  it('stars a message, and filters the thread to important messages from the menu', async () => {
    const user = userEvent.setup();
    const starred = buildMessage(2, { text: 'Address: 12 avenue du Port', important: true });
    const fetch = stubFetch({
      'PUT /api/messages/m-1/important': () =>
        jsonResponse(200, { message: buildMessage(1, { important: true }) }),
      [`GET /api/conversations/${CONVERSATION}/messages`]: (_body, url) =>
        jsonResponse(200, {
          messages: url.searchParams.get('important') === 'true' ? [starred] : [],
          count: 1,
          hasMore: false,
        }),
    });
    renderThread(
      threadOf([messageItem(buildMessage(1)), messageItem(starred), messageItem(buildMessage(3))]),
    );
    await openMenuOf(user, 'Message 1');
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as important' }));
    await waitFor(() =>
      expect(calls(fetch, 'PUT /api/messages/m-1/important')).toEqual([{ important: true }]),
    );

    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Important messages' }));
    await screen.findByText('Important messages only');
    await waitFor(() => expect(screen.queryByText('Message 3')).toBeNull());
    expect(screen.getByText('Address: 12 avenue du Port')).toBeTruthy();
    expect(screen.queryByText('Message 1')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getByText('Message 3')).toBeTruthy();
    // The menu turns the filter on and off too.
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Important messages' }));
    await screen.findByText('Important messages only');
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All messages' }));
    await waitFor(() => expect(screen.queryByText('Important messages only')).toBeNull());
    expect(screen.getByText('Message 3')).toBeTruthy();
  });

  it('shows the other member typing, lapsing without news, and tells them when the member types', () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    renderThread(threadOf([messageItem(buildMessage(1))]), socket);
    const typing = { conversationId: CONVERSATION, userId: OTHER, typing: true };
    act(() => socket.serverEmit('chats:typing', { ...typing, userId: 'someone-else' }));
    expect(screen.queryByText('typing…')).toBeNull();
    act(() => socket.serverEmit('chats:typing', typing));
    expect(screen.getByText('typing…')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TYPING_TIMEOUT_MS - 100));
    act(() => socket.serverEmit('chats:typing', typing));
    act(() => vi.advanceTimersByTime(TYPING_TIMEOUT_MS - 100));
    expect(screen.getByText('typing…')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('typing…')).toBeNull();
    act(() => socket.serverEmit('chats:typing', typing));
    act(() => socket.serverEmit('chats:typing', { ...typing, typing: false }));
    expect(screen.queryByText('typing…')).toBeNull();

    // The member types: `true` at most every TYPING_THROTTLE_MS, `false` on sending.
    fireEvent.change(composer(), { target: { value: 'H' } });
    fireEvent.change(composer(), { target: { value: 'He' } });
    act(() => vi.advanceTimersByTime(TYPING_THROTTLE_MS));
    fireEvent.change(composer(), { target: { value: 'Hey' } });
    expect(socket.emitsOf('chats:typing')).toEqual([
      { conversationId: CONVERSATION, typing: true },
      { conversationId: CONVERSATION, typing: true },
    ]);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(socket.emitsOf('chats:typing').at(-1)).toEqual({ conversationId: CONVERSATION, typing: false });
  });

  it("shows the other member online, then how recently active in the lists' words, never a time", async () => {
    const socket = new FakeSocket();
    socket.ack = { ok: true, presence: { userId: OTHER, activity: 'online' } };
    renderThread(threadOf([]), socket);
    expect(await screen.findByText('Online')).toBeTruthy();
    expect(socket.emitted.find((entry) => entry.event === 'users:presence:watch')?.args[0]).toEqual({
      userId: OTHER,
    });
    act(() => socket.serverEmit('users:presence', { userId: OTHER, activity: 'today' }));
    expect(screen.getByText('Active today')).toBeTruthy();
    act(() => socket.serverEmit('users:presence', { userId: OTHER, activity: 'week' }));
    expect(screen.getByText('Active this week')).toBeTruthy();
    act(() => socket.serverEmit('users:presence', { userId: OTHER, activity: 'earlier' }));
    expect(screen.queryByText(/^Active/)).toBeNull();
    expect(screen.queryByText('Online')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to conversations' }).getAttribute('href')).toBe(
      '/conversations',
    );
    expect(screen.getByRole('link', { name: 'Open Zola Tshibanda’s profile' }).getAttribute('href')).toBe(
      `/profile/${OTHER}`,
    );
  });

  it('sends with Enter, makes a new line with Shift+Enter, and never sends an empty message', async () => {
    const user = userEvent.setup();
    const thread = threadOf([]);
    renderThread(thread);
    expect(screen.getByText(new RegExp(`Say hello to ${isolate('Zola')}`))).toBeTruthy();
    await user.type(composer(), '   {Enter}');
    expect(thread.send).not.toHaveBeenCalled();
    await user.clear(composer());
    await user.type(composer(), 'Hello{Shift>}{Enter}{/Shift}there');
    expect(thread.send).not.toHaveBeenCalled();
    expect((composer() as HTMLTextAreaElement).value).toBe('Hello\nthere');
    // With text the voice button gives way to the send button.
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
    await user.keyboard('{Enter}');
    expect(thread.send).toHaveBeenCalledWith({ text: 'Hello\nthere', files: [], replyTo: null });
    expect((composer() as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
  });

  it('says why a text that reverses direction or shows nothing cannot be sent, and does not send it', async () => {
    const user = userEvent.setup();
    const thread = threadOf([]);
    renderThread(thread);
    fireEvent.change(composer(), { target: { value: '\u202Egnp.exe' } });
    expect(
      screen.getByText('Must not contain characters that change the direction of the text'),
    ).toBeTruthy();
    await user.type(composer(), '{Enter}');
    fireEvent.change(composer(), { target: { value: '\u200B\u200B' } });
    expect(screen.getByText('Must contain visible characters')).toBeTruthy();
    await user.type(composer(), '{Enter}');
    expect(thread.send).not.toHaveBeenCalled();
    fireEvent.change(composer(), { target: { value: 'gnp.exe' } });
    expect(screen.queryByText('Must contain visible characters')).toBeNull();
    await user.type(composer(), '{Enter}');
    expect(thread.send).toHaveBeenCalledWith({ text: 'gnp.exe', files: [], replyTo: null });
  });

  it('marks the thread read when it opens on the latest message', () => {
    const thread = threadOf([messageItem(buildMessage(1))]);
    renderThread(thread);
    expect(thread.markRead).toHaveBeenCalled();
  });

  it('shows a skeleton while loading', () => {
    renderThread(threadOf([], { isLoading: true, conversation: undefined }));
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText(/Say hello/)).toBeNull();
  });

  it('gives a kind screen with a way back for a conversation that is gone or blocked', () => {
    renderThread(
      threadOf([], {
        conversation: undefined,
        error: new ApiError(404, 'conversation_not_found', 'Conversation not found'),
      }),
    );
    expect(screen.getByRole('heading', { name: 'This conversation is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my conversations' }).getAttribute('href')).toBe(
      '/conversations',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('opens the menu of a message with a long press on touch screens, not with a short tap', () => {
    vi.useFakeTimers();
    renderThread(threadOf([messageItem(buildMessage(1, { text: 'Hold me' }))]));
    const row = bubbleOf('Hold me').firstElementChild!;
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 100));
    fireEvent.pointerUp(row, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('menuitem', { name: 'Reply' })).toBeNull();
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(screen.getByRole('menuitem', { name: 'Reply' })).toBeTruthy();
  });

  it('offers only deleting for me on an unsent message', async () => {
    const user = userEvent.setup();
    renderThread(threadOf([messageItem(buildMessage(2, { unsent: true, text: null }))]));
    await openMenuOf(user, 'Message removed');
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Delete for me']);
  });
});
