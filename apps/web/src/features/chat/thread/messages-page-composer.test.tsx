/**
 * The thread page's composer: sending with Enter and not with Shift+Enter, the member-text refusal,
 * replying and editing, and the typing signal both ways.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TYPING_THROTTLE_MS, TYPING_TIMEOUT_MS } from '@motema/shared/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { jsonResponse } from '../../../test/render-page.tsx';
import { isolate } from '../../../ui/member-text.tsx';
import { calls, composer, openMenuOf, renderThread, stubFetch } from './messages-page-fixtures.tsx';
import { buildMessage, CONVERSATION, ME, messageItem, OTHER, threadOf } from './thread-fixtures.ts';

beforeEach(() => {
  stubFetch();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MessagesPage', () => {
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
});
