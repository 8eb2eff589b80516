/** The thread page: its messages and their states, the header, loading, and a conversation that is gone. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { bubbleOf, renderThread, stubFetch } from './messages-page-fixtures.tsx';
import { buildMessage, ME, messageItem, OTHER, pendingItem, threadOf } from './thread-fixtures.ts';

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
    const profile = screen.getByRole('link', { description: 'Open Zola Tshibanda’s profile' });
    expect(profile.getAttribute('href')).toBe(`/profile/${OTHER}`);
    // Named by what it shows (the name), which axe requires of a link with visible text.
    expect(profile.textContent).toContain('Zola Tshibanda');
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

  it('shows a message the member sent while the thread loads, under the skeleton', () => {
    renderThread(threadOf([pendingItem('c-1', { text: 'Hello, are you there?' })], { isLoading: true }));
    expect(screen.getByText('Hello, are you there?')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText(/This is the start/)).toBeNull();
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
});
