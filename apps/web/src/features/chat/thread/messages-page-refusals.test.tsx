/**
 * What the thread refuses, and says so: a message over the length limit (a counter near it, never
 * cut), sends no retry can fix (no Retry), and a conversation blocked while open (no presence).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGE_TEXT_MAX_LENGTH } from '@motema/shared/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { bubbleOf, calls, composer, renderThread, stubFetch } from './messages-page-fixtures.tsx';
import {
  buildConversation,
  messageItem,
  buildMessage,
  OTHER,
  pendingItem,
  threadOf,
} from './thread-fixtures.ts';

beforeEach(() => {
  stubFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const typeText = (text: string) => fireEvent.change(composer(), { target: { value: text } });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('the composer near the length limit', () => {
  it('counts from 3,500 characters, keeps every character past 4,000 and refuses to send them', async () => {
    const thread = threadOf([]);
    renderThread(thread);
    typeText('a'.repeat(3499));
    expect(screen.queryByTestId('composer-length')).toBeNull();
    typeText('a'.repeat(3812));
    expect(screen.getByTestId('composer-length').textContent).toBe('3,812 / 4,000');
    typeText('b'.repeat(MESSAGE_TEXT_MAX_LENGTH));
    expect(screen.getByTestId('composer-length').textContent).toBe('4,000 / 4,000');
    expect(sendButton().hasAttribute('disabled')).toBe(false);

    // Pasted past the limit: nothing is cut, the send is refused with the reason.
    const long = 'c'.repeat(MESSAGE_TEXT_MAX_LENGTH + 12);
    typeText(long);
    expect((composer() as HTMLTextAreaElement).value).toBe(long);
    expect(composer().getAttribute('maxlength')).toBeNull();
    expect(screen.getByTestId('composer-length').textContent).toBe('4,012 / 4,000');
    expect(
      screen.getByText('A message can have up to 4,000 characters. Shorten this one to send it.'),
    ).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    fireEvent.submit(composer().closest('form')!);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(thread.send).not.toHaveBeenCalled();

    // Shortened to the limit, it goes, whole.
    typeText(long.slice(0, MESSAGE_TEXT_MAX_LENGTH));
    await userEvent.setup().click(sendButton());
    expect(thread.send).toHaveBeenCalledWith({
      text: 'c'.repeat(MESSAGE_TEXT_MAX_LENGTH),
      files: [],
      replyTo: null,
    });
  });
});

describe('a failed send', () => {
  it.each([
    ['chat_blocked', 'You cannot write to this member'],
    ['chat_file_type_unsupported', 'This file cannot be sent. Send a photo, a video or an audio file.'],
    ['validation_failed', 'Some fields are not valid'],
  ])('refused with %s offers Delete and no Retry', (code, reason) => {
    renderThread(threadOf([pendingItem('p-1', { text: 'Refused', state: 'failed', error: code })]));
    const bubble = bubbleOf('Refused');
    expect(within(bubble).getByText(reason)).toBeTruthy();
    expect(within(bubble).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(bubble).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it.each(['internal', 'service_unavailable', 'rate_limited'])(
    'that failed with %s can be retried',
    (code) => {
      renderThread(threadOf([pendingItem('p-2', { text: 'Try me again', state: 'failed', error: code })]));
      expect(within(bubbleOf('Try me again')).getByRole('button', { name: 'Retry' })).toBeTruthy();
    },
  );
});

describe('a conversation blocked while open', () => {
  it('no longer shows the other member online once the watch is refused', async () => {
    const socket = new FakeSocket();
    socket.ack = { ok: false, code: 'user_not_found' };
    const conversation = buildConversation();
    renderThread(
      threadOf([], {
        conversation: { ...conversation, member: { ...conversation.member, activity: 'online' } },
      }),
      socket,
    );
    await waitFor(() =>
      expect(socket.emitted.some((entry) => entry.event === 'users:presence:watch')).toBe(true),
    );
    await act(() => Promise.resolve());
    expect(screen.queryByText('Online')).toBeNull();
  });

  it('shows the thread as unavailable when the server refuses it, even with a copy cached', () => {
    renderThread(
      threadOf([messageItem(buildMessage(1, { text: 'Before the block' }))], {
        error: new ApiError(404, 'conversation_not_found', 'Conversation not found'),
      }),
    );
    expect(screen.getByRole('heading', { name: 'This conversation is not available' })).toBeTruthy();
    expect(screen.queryByText('Before the block')).toBeNull();
    expect(screen.queryByText('Online')).toBeNull();
  });

  it('blocks from the thread menu after asking, then leaves the thread', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch({ 'POST /api/blocks': () => new Response(null, { status: 204 }) });
    const { router } = renderThread(threadOf([]));
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    expect((await screen.findByRole('menuitem', { name: 'Report' })).getAttribute('href')).toBe(
      `/settings/report/profile/${OTHER}`,
    );
    await user.click(screen.getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Block/ }));
    await waitFor(() => expect(calls(fetch, 'POST /api/blocks')).toEqual([{ user: OTHER }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations'));
  });
});
