import { randomUUID } from 'node:crypto';
import { MESSAGE_ACK_TIMEOUT_MS } from '@motema/shared/chat';
import { emitAck, openSocket, type ClientSocket } from './socket-test-bed.ts';

/** Between two tries of the same message, or two connection attempts. */
const RETRY_MS = 150;

export type ResendingChatClient = {
  /** Every acknowledged message: client id -> stored id. */
  readonly acked: Map<string, string>;
  /** The refusal codes the acks answered, in order (each one was tried again). */
  readonly refusals: string[];
  /** Sends that got no ack in time or lost their connection (each one was tried again). */
  readonly unanswered: () => number;
  /** Sockets opened after the first one. */
  readonly reconnects: () => number;
  readonly connected: () => boolean;
  /** Drops the connection as a phone changing networks does; the client connects again at once. */
  drop: () => void;
  /** Writes no new message; resolves once the one on its way is acknowledged, then disconnects. */
  stop: () => Promise<void>;
  /** Gives up at once, even on the message on its way (a failed test's clean-up). */
  close: () => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A member's app with the thread `conversationId` open, reading what arrives and writing a message every
 * `everyMs`, as the web app's outbox sends
 * (outbox-sender.ts): one message at a time, acked before the next, and tried again with the same
 * client id until it is acknowledged, whatever went wrong (no ack in time, the connection lost, a
 * refusal); a lost connection is opened again. So a message the server acknowledged and then lost,
 * or stored twice, is the server's fault alone.
 */
export function startResendingChatClient(
  url: string,
  cookie: string,
  conversationId: string,
  everyMs: number,
): ResendingChatClient {
  const acked = new Map<string, string>();
  const refusals: string[] = [];
  let unanswered = 0;
  let opened = 0;
  let socket: ClientSocket | undefined;
  let stopping = false;
  let closed = false;

  async function connectedSocket(): Promise<ClientSocket> {
    for (;;) {
      if (closed) throw new Error('closed');
      if (socket?.connected) return socket;
      try {
        const fresh = await openSocket(url, cookie);
        opened += 1;
        fresh.on('disconnect', () => {
          if (socket === fresh) socket = undefined;
        });
        // The thread is open: what arrives is read at once, as the web app says (one transaction each).
        fresh.on('chats:messages:new', (message) => {
          if (message.conversation._id !== conversationId) return;
          fresh.emit('chats:messages:read', { conversationId, seq: message.seq }, () => undefined);
        });
        socket = fresh;
      } catch {
        await sleep(RETRY_MS);
      }
    }
  }

  async function deliver(clientId: string, text: string): Promise<void> {
    while (!closed) {
      const current = await connectedSocket();
      try {
        const payload = { clientId, conversationId, text };
        const result = await emitAck(current, 'chats:messages:send', payload, MESSAGE_ACK_TIMEOUT_MS);
        if (result.ok) return void acked.set(clientId, result.message._id);
        refusals.push(result.code);
      } catch {
        unanswered += 1;
      }
      await sleep(RETRY_MS);
    }
  }

  const running = (async () => {
    for (let n = 1; !stopping && !closed; n += 1) {
      await deliver(randomUUID(), `message ${n}`);
      await sleep(everyMs);
    }
  })()
    .catch(() => undefined)
    .finally(() => socket?.disconnect());

  return {
    acked,
    refusals,
    unanswered: () => unanswered,
    reconnects: () => Math.max(0, opened - 1),
    connected: () => !!socket?.connected,
    drop: () => socket?.disconnect(),
    stop: () => {
      stopping = true;
      return running;
    },
    close: () => {
      closed = true;
      socket?.disconnect();
    },
  };
}
