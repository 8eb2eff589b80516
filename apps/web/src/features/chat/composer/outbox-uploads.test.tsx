/**
 * A photo on its way on a slow connection: its progress starts again from nothing when the upload
 * goes again after a drop, and the member can cancel it while it goes up (the upload stops, nothing
 * is sent).
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page.tsx';
import { ChatSocket, freshIndexedDb, loadChat, ME, mountSync, stubChatApi } from '../chat-fixtures.tsx';
import { MessageBubble } from '../messages/message-bubble.tsx';
import type { OutboxEntry } from '../thread/thread-types.ts';

beforeEach(() => freshIndexedDb());
afterEach(() => vi.unstubAllGlobals());

type Progress = { lengthComputable: boolean; loaded: number; total: number };

/** Uploads that stay open until the test ends them: `sent` reports bytes, `drop` loses the connection. */
class HeldXhr {
  static all: HeldXhr[] = [];
  status = 0;
  responseText = '';
  statusText = '';
  upload: { onprogress?: (event: Progress) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  withCredentials = false;
  aborted = false;
  open(_method: string, url: string) {
    if (url.endsWith('/files')) HeldXhr.all.push(this);
  }
  setRequestHeader() {}
  send() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  sent(loaded: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total: 10 });
  }
  drop() {
    this.onerror?.();
  }
}

const photo = () => ({
  text: 'the beach',
  files: [
    {
      kind: 'photo' as const,
      blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
      name: 'beach.jpg',
      durationMs: null,
    },
  ],
  replyTo: null,
});

describe('a photo going up in chat', () => {
  beforeEach(() => {
    HeldXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
  });

  it('shows the progress of the upload that goes again after a drop from its start, not the lost one', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    mountSync(chat, socket);
    const clientId = await chat.queueMessage('c-1', photo());
    await waitFor(() => expect(HeldXhr.all).toHaveLength(1));
    act(() => HeldXhr.all[0]!.sent(8));
    await waitFor(() => expect(chat.outbox.get(clientId)?.files[0]?.progress).toBe(0.8));
    await act(async () => {
      HeldXhr.all[0]!.drop();
      socket.goOffline();
    });
    // Nothing of it arrived: the bubble no longer says 80 %.
    await waitFor(() => expect(chat.outbox.get(clientId)?.files[0]?.progress).toBe(0));
    await act(async () => socket.goOnline());
    await waitFor(() => expect(HeldXhr.all).toHaveLength(2));
    act(() => HeldXhr.all[1]!.sent(2));
    await waitFor(() => expect(chat.outbox.get(clientId)?.files[0]?.progress).toBe(0.2));
  });

  it('cancelled while it goes up: the upload stops, the message leaves the outbox and is never sent', async () => {
    stubChatApi({});
    const chat = await loadChat();
    const socket = new ChatSocket();
    mountSync(chat, socket);
    const clientId = await chat.queueMessage('c-1', photo());
    await waitFor(() => expect(HeldXhr.all).toHaveLength(1));
    act(() => HeldXhr.all[0]!.sent(3));
    await act(async () => chat.discardMessage(clientId));
    expect(HeldXhr.all[0]!.aborted).toBe(true);
    expect(chat.outbox.list()).toEqual([]);
    await act(async () => {
      socket.goOffline();
      socket.goOnline();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(HeldXhr.all).toHaveLength(1);
    expect(socket.emitsOf('chats:messages:send')).toEqual([]);
  });

  it('its bubble offers Cancel while the file goes up', () => {
    const entry: OutboxEntry = {
      clientId: 'local-1',
      conversationId: 'c-1',
      text: 'the beach',
      files: [
        {
          localId: 'f-1',
          kind: 'photo',
          blob: new Blob(['x']),
          name: 'beach.jpg',
          durationMs: null,
          fileId: null,
          progress: 0.3,
        },
      ],
      replyTo: null,
      createdAt: new Date().toISOString(),
      attempts: 0,
      state: 'sending',
      error: null,
    };
    const onDiscard = vi.fn();
    renderPage(
      '/',
      <MessageBubble
        item={{ kind: 'pending', key: entry.clientId, entry, state: 'sending' }}
        meId={ME}
        grouped={false}
        highlighted={false}
        language="en"
        onJump={() => undefined}
        onRetry={() => undefined}
        onDiscard={onDiscard}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel sending beach.jpg' }));
    expect(onDiscard).toHaveBeenCalledWith('local-1');
  });
});
