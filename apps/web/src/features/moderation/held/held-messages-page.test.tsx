import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeldMessage } from '@motema/shared/held-messages';
import { jsonResponse, renderPage } from '../../../test/render-page.tsx';
import HeldMessagesPage from './held-messages-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const held: HeldMessage = {
  _id: 'h-1',
  conversation: { _id: 'c-1' },
  sender: { _id: 'u-1', username: 'kofi' },
  recipient: { _id: 'u-2', username: 'awa' },
  text: 'Send me airtime on M-Pesa',
  files: 0,
  families: ['money_request', 'mobile_money'],
  createdAt: '2026-12-01T10:00:00.000Z',
};

/** The queue answers `lists` one after the other; decisions answer 204. */
function stubQueue(...lists: HeldMessage[][]) {
  const decisions: unknown[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'POST') {
      decisions.push({
        url: new URL(input, 'http://localhost').pathname,
        body: JSON.parse(String(init!.body)),
      });
      return new Response(null, { status: 204 });
    }
    const list = lists.length > 1 ? lists.shift()! : lists[0]!;
    return jsonResponse(200, { heldMessages: list, count: list.length });
  });
  vi.stubGlobal('fetch', fetch);
  return decisions;
}

describe('the held messages page', () => {
  it('lists sender, recipient, text and families, and releases a message', async () => {
    const decisions = stubQueue([held], []);
    renderPage('/moderation/held', <HeldMessagesPage />);
    const row = (await screen.findByText('Send me airtime on M-Pesa')).closest('li')!;
    expect(within(row).getByText('From @kofi to @awa')).toBeTruthy();
    expect(within(row).getByText('Money request')).toBeTruthy();
    expect(within(row).getByText('Mobile money')).toBeTruthy();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('No message is waiting for review.')).toBeTruthy();
    expect(decisions).toEqual([{ url: '/api/moderation/held-messages/h-1', body: { decision: 'release' } }]);
  });

  it('drops a message', async () => {
    const decisions = stubQueue([held], []);
    renderPage('/moderation/held', <HeldMessagesPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Drop' }));
    expect(await screen.findByText('No message is waiting for review.')).toBeTruthy();
    expect(decisions).toEqual([{ url: '/api/moderation/held-messages/h-1', body: { decision: 'drop' } }]);
  });
});
