/**
 * The scam shield in the thread (docs/scam-shield.md): the safety banner above a received flagged
 * message with its one-tap report, "review before you send" above the composer, and the way to
 * Settings > Verify when a moderator asked for it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render-page.tsx';
import { bubbleOf, calls, composer, renderThread, stubFetch } from './messages-page-fixtures.tsx';
import { buildMessage, messageItem, ME, OTHER, pendingItem, threadOf } from './thread-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BANNER = 'Never send money, airtime or a code to someone you have not met.';
const shield = { families: ['money_request' as const, 'mobile_money' as const] };

describe('the safety banner', () => {
  it('shows above a received flagged message only, and reports it in one tap', async () => {
    const fetch = stubFetch({ 'POST /api/reports': () => jsonResponse(201, { _id: 'r-1' }) });
    renderThread(
      threadOf([
        messageItem(buildMessage(1, { from: OTHER, text: 'Send me 20 dollars on M-Pesa', shield })),
        messageItem(buildMessage(2, { from: OTHER, text: 'Hello' })),
        // The sender never receives `shield`; even so, their own message never shows it.
        messageItem(buildMessage(3, { from: ME, text: 'No thanks', shield })),
      ]),
    );
    expect(screen.getAllByText(BANNER)).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Report this message' }));
    expect(await screen.findByText('Reported. Thank you, our team will look into it.')).toBeTruthy();
    expect(calls(fetch, 'POST /api/reports')).toEqual([
      { user: OTHER, message: 'm-1', reason: 'scam_or_commercial', subReason: 'asks_for_money' },
    ]);
  });

  it('says so when the report could not be sent', async () => {
    stubFetch({ 'POST /api/reports': () => jsonResponse(500, { code: 'internal', message: 'x' }) });
    renderThread(threadOf([messageItem(buildMessage(1, { from: OTHER, text: 'Send airtime', shield }))]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Report this message' }));
    expect(await screen.findByText('The report could not be sent. Try again.')).toBeTruthy();
  });
});

describe('review before you send', () => {
  const refused = () =>
    pendingItem('p-1', { text: 'My number: 0812345678', state: 'failed', error: 'review_before_send' });

  it('sends the message anyway, confirmed', async () => {
    stubFetch();
    const thread = threadOf([refused()]);
    renderThread(thread);
    expect(screen.getByRole('alert').textContent).toContain('Review before you send');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send anyway' }));
    expect(thread.retry).toHaveBeenCalledWith('p-1', true);
  });

  it('puts the message back in the composer to edit it', async () => {
    stubFetch();
    const thread = threadOf([refused()]);
    renderThread(thread);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit' }));
    expect(thread.discard).toHaveBeenCalledWith('p-1');
    await waitFor(() => expect((composer() as HTMLTextAreaElement).value).toBe('My number: 0812345678'));
  });

  it('shows no prompt for other refusals', () => {
    stubFetch();
    renderThread(threadOf([pendingItem('p-2', { text: 'Hi', state: 'failed', error: 'chat_blocked' })]));
    expect(screen.queryByRole('button', { name: 'Send anyway' })).toBeNull();
  });
});

describe('a member asked to verify', () => {
  it('is led to Settings > Verify from the refused message', () => {
    stubFetch();
    renderThread(
      threadOf([pendingItem('p-1', { text: 'Hello', state: 'failed', error: 'verification_required' })]),
    );
    const bubble = bubbleOf('Hello');
    expect(
      within(bubble).getByText('A moderator asked you to verify your profile before sending messages'),
    ).toBeTruthy();
    expect(within(bubble).getByRole('link', { name: 'Verify my profile' }).getAttribute('href')).toBe(
      '/settings/verify',
    );
  });
});
