/** The list while one of the member's messages waits in the outbox (written offline): shown in its row. */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page.tsx';
import { isolate } from '../../../ui/member-text.tsx';
import { buildConversation, buildMessage, ME, me, OTHER, people, stubChatApi } from '../chat-fixtures.tsx';
import { outbox } from '../composer/outbox.ts';
import { ConversationsPage } from './conversations-page.tsx';

afterEach(async () => {
  await act(() => outbox.remove('local-1'));
  await act(() => outbox.remove('local-2'));
  vi.unstubAllGlobals();
});

const waitingEntry = (clientId: string, conversationId: string, createdAt: string) => ({
  clientId,
  conversationId,
  text: 'On my way',
  files: [],
  replyTo: null,
  createdAt,
  attempts: 0,
  state: 'sending' as const,
  error: null,
});

describe('ConversationsPage and the outbox', () => {
  it('moves a conversation with a message waiting to be sent to the top, as its newest activity', async () => {
    const other = { ...people[OTHER], activity: 'earlier' as const, verified: false };
    const list = {
      conversations: [
        buildConversation('c-1', {
          member: { ...other, _id: 'u-kofi', firstName: 'Kofi', name: 'Kofi' },
          message: buildMessage('c-1', 9),
          updatedAt: buildMessage('c-1', 9).createdAt,
        }),
        buildConversation('c-2', {
          member: { ...other, _id: 'u-nia', firstName: 'Nia', name: 'Nia' },
          message: buildMessage('c-2', 5),
          updatedAt: buildMessage('c-2', 5).createdAt,
        }),
        buildConversation('c-3', {
          member: { ...other, _id: 'u-zola', firstName: 'Zola', name: 'Zola' },
          message: buildMessage('c-3', 2),
          updatedAt: buildMessage('c-3', 2).createdAt,
        }),
      ],
      count: 3,
    };
    stubChatApi({ 'GET /api/conversations': () => list });
    outbox.open(ME);
    // Written in Zola's conversation after Kofi's last message; then in Nia's, between Nia's and Kofi's.
    await outbox.put(waitingEntry('local-1', 'c-3', new Date().toISOString()));
    await outbox.put(waitingEntry('local-2', 'c-2', new Date(Date.UTC(2026, 4, 1, 10, 7)).toISOString()));
    renderPage('*', <ConversationsPage />, { url: '/conversations', me: me() });

    const rows = async () =>
      within(await screen.findByRole('list', { name: 'Your conversations' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(await rows()).toEqual(['/messages/c-3', '/messages/c-1', '/messages/c-2']);

    // Sent: the list is back to the conversations' own order.
    await act(() => outbox.remove('local-1'));
    await act(() => outbox.remove('local-2'));
    expect(await rows()).toEqual(['/messages/c-1', '/messages/c-2', '/messages/c-3']);
  });

  it("shows the member's message waiting to be sent in its row, with the clock, until it is sent", async () => {
    const list = {
      conversations: [
        buildConversation('c-1', { message: buildMessage('c-1', 4, { from: ME, text: 'double tap' }) }),
      ],
      count: 1,
    };
    stubChatApi({ 'GET /api/conversations': () => list });
    outbox.open(ME);
    await outbox.put({
      clientId: 'local-1',
      conversationId: 'c-1',
      text: 'On my way',
      files: [],
      replyTo: null,
      createdAt: new Date().toISOString(),
      attempts: 0,
      state: 'sending',
      error: null,
    });
    renderPage('*', <ConversationsPage />, { url: '/conversations', me: me() });

    const row = within(await screen.findByRole('list', { name: 'Your conversations' })).getByRole('listitem');
    expect(row.textContent, 'the waiting message, not the last one sent').toContain(
      `You: ${isolate('On my way')}`,
    );
    expect(row.textContent).not.toContain('double tap');
    expect(within(row).getByRole('img', { name: 'Sending' })).toBeTruthy();

    // Sent (acknowledged): the row is back to the conversation's last message, without the clock.
    await act(() => outbox.remove('local-1'));
    expect(row.textContent).toContain(`You: ${isolate('double tap')}`);
    expect(within(row).queryByRole('img', { name: 'Sending' })).toBeNull();
  });
});
