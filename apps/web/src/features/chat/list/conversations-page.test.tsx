import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationList } from '@motema/shared/chat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../../test/render-page.tsx';
import { isolate } from '../../../ui/member-text.tsx';
import { buildConversation, buildMessage, ME, me, requestsOf, stubChatApi } from '../chat-fixtures.tsx';
import { paymentRequired } from '../../billing/payment-required.ts';
import { ConversationsPage } from './conversations-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const renderList = (url = '/conversations') =>
  // Any path: the page the list opens (/messages/{id}) renders too, without a missing-route error.
  renderPage('*', <ConversationsPage />, { url, me: me() });

const card = (id: string, firstName: string) => ({
  _id: id,
  username: firstName.toLowerCase(),
  firstName,
  name: `${firstName} K`,
  age: 29,
  sex: 'male',
  avatar: null,
  activity: 'earlier',
  distance: null,
});

describe('ConversationsPage', () => {
  it('shows a skeleton, then each conversation with its last message, time and unread count', async () => {
    const list: ConversationList = {
      conversations: [
        buildConversation('c-1', {
          unread: 2,
          lastSeq: 5,
          message: buildMessage('c-1', 5, { text: 'See you   tomorrow' }),
        }),
        buildConversation('c-2', {
          member: { ...buildConversation('c-2').member, _id: 'u-3', firstName: 'Bintou', name: 'Bintou D' },
          message: buildMessage('c-2', 3, { from: ME, text: 'Bonjour' }),
        }),
        buildConversation('c-3', {
          member: { ...buildConversation('c-3').member, _id: 'u-4', firstName: 'Chidi', name: 'Chidi O' },
          message: buildMessage('c-3', 2, {
            text: null,
            files: [
              {
                _id: 'f',
                type: 'voice',
                mimeType: 'audio/webm',
                bytes: 9,
                durationMs: 3000,
                image: null,
                url: '/x',
              },
            ],
          }),
        }),
        buildConversation('c-4', {
          member: { ...buildConversation('c-4').member, _id: 'u-5', firstName: 'Dede', name: 'Dede M' },
          message: buildMessage('c-4', 1, { unsent: true, text: null }),
        }),
        buildConversation('c-5', {
          member: { ...buildConversation('c-5').member, _id: 'u-6', firstName: 'Ebo', name: 'Ebo A' },
        }),
      ],
      count: 5,
    };
    let answer: (value: Response) => void = () => undefined;
    stubChatApi({ 'GET /api/conversations': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { container } = renderList();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    answer(jsonResponse(200, list));

    const items = within(await screen.findByRole('list', { name: 'Your conversations' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(5);
    // Named by what it shows, the unread count in words rather than the badge's digit.
    const zola = within(items[0]!).getByRole('link', { name: /Zola.*See you tomorrow.*2 unread messages/ });
    expect(zola.getAttribute('href')).toBe('/messages/c-1');
    expect(items[0]!.textContent).toContain('See you tomorrow');
    expect(items[0]!.textContent).toContain('2');
    expect(items[1]!.textContent).toContain(`You: ${isolate('Bonjour')}`);
    expect(items[2]!.textContent).toContain('Voice message');
    expect(items[3]!.textContent).toContain('Message removed');
    expect(items[4]!.textContent).toContain(`Say hello to ${isolate('Ebo')}`);
    expect(document.title).toBe('Chats · Motema');
  });

  it('says what to do when there is no conversation, and lists matches then likes to start one', async () => {
    const fetch = stubChatApi({
      'GET /api/conversations': () => ({ conversations: [], count: 0 }),
      'GET /api/users': (url) =>
        url.searchParams.get('filter') === 'rated-each'
          ? { users: [card('u-7', 'Ayo')], count: 1 }
          : { users: [card('u-7', 'Ayo'), card('u-8', 'Kofi')], count: 2 },
      'POST /api/conversations': () => ({ conversation: buildConversation('c-7') }),
    });
    const user = userEvent.setup();
    const { router } = renderList();
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start a chat' }));

    const sheet = await screen.findByRole('dialog', { name: 'New chat' });
    await within(sheet).findByRole('button', { name: 'Write to Ayo' });
    // Ayo is a match and liked the member too: listed once, as a match.
    expect(
      within(sheet)
        .getAllByRole('button', { name: /^Write to/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Write to Ayo', 'Write to Kofi']);
    await user.click(within(sheet).getByRole('button', { name: 'Write to Ayo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/c-7'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ user: 'u-7' });
  });

  it('opens ?user= straight away: finds or starts the conversation and replaces the address', async () => {
    const fetch = stubChatApi({
      'POST /api/conversations': () => ({ conversation: buildConversation('c-9') }),
      'GET /api/conversations': () => ({ conversations: [], count: 0 }),
    });
    const { router } = renderList('/conversations?user=u-9');
    expect(await screen.findByText('Opening the chat…')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/c-9'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(requestsOf(fetch).filter((r) => r.startsWith('POST'))).toEqual(['POST /api/conversations']);
  });

  it('stays on the list when the member of ?user= cannot be written to', async () => {
    stubChatApi({
      'POST /api/conversations': () =>
        jsonResponse(404, { code: 'user_not_found', message: 'User not found' }),
      'GET /api/conversations': () => ({ conversations: [], count: 0 }),
    });
    const { router } = renderList('/conversations?user=u-gone');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/conversations');
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
  });

  it('opens the payment-required dialog when the member of ?user= is behind the paywall, and comes back here after paying', async () => {
    stubChatApi({
      'POST /api/conversations': () =>
        jsonResponse(402, {
          statusCode: 402,
          code: 'payment_required',
          message: 'A subscription is needed for this',
          reason: 'UserPreferences',
          plan: 'plan-month',
        }),
      'GET /api/conversations': () => ({ conversations: [], count: 0 }),
    });
    renderList('/conversations?user=u-9');
    await waitFor(() =>
      expect(paymentRequired.get()).toEqual({
        reason: 'UserPreferences',
        profile: 'u-9',
        returnTo: '/conversations?user=u-9',
        refused: 'chat',
        plan: 'plan-month',
      }),
    );
    paymentRequired.close();
  });

  it('offers a retry when the list cannot load', async () => {
    let fail = true;
    stubChatApi({
      'GET /api/conversations': () =>
        fail ? jsonResponse(400, { code: 'bad_request', message: 'no' }) : { conversations: [], count: 0 },
    });
    const user = userEvent.setup();
    renderList();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('heading', { name: 'Your chats could not load' })).toBeTruthy();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
  });
});
