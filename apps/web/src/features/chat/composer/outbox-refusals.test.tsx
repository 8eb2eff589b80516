/** The outbox after a refusal that sending again cannot change: it stays failed, never resent by itself. */
import 'fake-indexeddb/auto';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSocket, freshIndexedDb, loadChat, mountSync, stubChatApi } from '../chat-fixtures.tsx';
import { retryCanFix } from './outbox-refusals.ts';

beforeEach(() => freshIndexedDb());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the outbox after a final refusal', () => {
  it('keeps a message refused with chat_blocked failed across reconnects, without sending it again', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    socket.answer = () => ({ ok: false, code: 'chat_blocked' });
    mountSync(chat, socket);
    const clientId = await chat.queueMessage('c-1', { text: 'hi', files: [], replyTo: null });
    await waitFor(() => expect(chat.outbox.get(clientId)?.state).toBe('failed'));
    for (let round = 0; round < 2; round += 1) {
      await act(async () => {
        socket.goOffline();
        socket.goOnline();
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.emitsOf('chats:messages:send')).toHaveLength(1);
    expect(chat.outbox.get(clientId)).toMatchObject({ state: 'failed', error: 'chat_blocked' });
  });

  it('tells the refusals a retry may fix from the others', () => {
    for (const code of [null, 'internal', 'service_unavailable', 'rate_limited'])
      expect(retryCanFix(code), String(code)).toBe(true);
    for (const code of [
      'chat_blocked',
      'chat_file_type_unsupported',
      'chat_file_too_large',
      'validation_failed',
    ])
      expect(retryCanFix(code), code).toBe(false);
  });
});
