/** The list while one of the member's messages waits in the outbox (written offline): shown in its row. */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page.tsx';
import { isolate } from '../../../ui/member-text.tsx';
import { buildConversation, buildMessage, ME, me, stubChatApi } from '../chat-fixtures.tsx';
import { outbox } from '../composer/outbox.ts';
import { ConversationsPage } from './conversations-page.tsx';

afterEach(async () => {
  await act(() => outbox.remove('local-1'));
  vi.unstubAllGlobals();
});

describe('ConversationsPage and the outbox', () => {
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
