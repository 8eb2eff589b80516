/** The outbox after the paywall's refusal: the message stays, failed and retryable, and the dialog opens. */
import 'fake-indexeddb/auto';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChatSocket,
  OTHER,
  buildConversation,
  freshIndexedDb,
  loadChat,
  mountSync,
  newQueryClient,
  stubChatApi,
} from '../chat-fixtures.tsx';

beforeEach(() => freshIndexedDb());
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The dialog's store as the freshly loaded sender sees it (loadChat resets the modules). */
const paywall = async () => (await import('../../billing/payment-required.ts')).paymentRequired;

describe('a message refused behind the paywall', () => {
  it('stays failed with a Retry, opens the payment-required dialog, is not resent by itself, and goes on the member’s retry once paid', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const store = await paywall();
    const socket = new ChatSocket();
    let paid = false;
    socket.answer = (payload) =>
      paid
        ? { ok: true, message: socket.store(payload) }
        : { ok: false, code: 'payment_required', reason: 'UserPopularity' };
    const queryClient = newQueryClient();
    queryClient.setQueryData(chat.chatKeys.conversation('c-1'), buildConversation('c-1'));
    mountSync(chat, socket, queryClient);

    const clientId = await chat.queueMessage('c-1', { text: 'Mbote!', files: [], replyTo: null });
    await waitFor(() => expect(chat.outbox.get(clientId)?.state).toBe('failed'));
    expect(chat.outbox.get(clientId)).toMatchObject({ error: 'payment_required', text: 'Mbote!' });
    expect(chat.retryCanFix('payment_required')).toBe(true);
    expect(store.get()).toEqual({ reason: 'UserPopularity', profile: OTHER });

    // Reconnects do not send it again (nor open the dialog again): it waits for the member.
    store.close();
    for (let round = 0; round < 2; round += 1)
      await act(async () => {
        socket.goOffline();
        socket.goOnline();
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.emitsOf('chats:messages:send')).toHaveLength(1);
    expect(store.get()).toBeNull();

    // Paid: the member's Retry goes through, with the same clientId.
    paid = true;
    await act(() => chat.retryMessage(clientId));
    await waitFor(() => expect(chat.outbox.get(clientId)).toBeUndefined());
    const sends = socket.emitsOf('chats:messages:send') as { clientId: string }[];
    expect(sends).toHaveLength(2);
    expect(sends[1]!.clientId).toBe(clientId);
    expect(socket.stored.get(clientId)?.text).toBe('Mbote!');
  });
});
