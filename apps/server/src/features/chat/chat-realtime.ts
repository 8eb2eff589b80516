import { PresenceWatchSchema, ReceiptSchema, SendMessageSchema, TypingSchema } from '@motema/shared/chat';
import type { PaymentRequiredEvent } from '@motema/shared/billing';
import type { Message, Presence } from '@motema/shared/chat';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { refuseOverLimit } from '../../lib/rate-limiter.ts';
import { clientEvent } from '../../realtime/client-events.ts';
import type { Realtime, RealtimeSocket } from '../../realtime/server.ts';
import {
  presenceShown,
  recordReceipt,
  relayTyping,
  watchablePresence,
} from './receipts/chat-receipts.service.ts';
import { presenceOf, presentMessage } from './chat.presenter.ts';
import { createSendBatcher } from './send/chat-send-batcher.ts';
import { screenSend, type ShieldDeps } from './scam-shield/shield.service.ts';
import { announceStored, storeMessage } from './send/chat-send.service.ts';

/** Receipts per member per minute: one per message that arrives is far below it. */
const RECEIPTS_PER_MINUTE = 1200;
/** Typing events per member per 10 s: the app sends one every TYPING_THROTTLE_MS at most. */
const TYPING_PER_10_SECONDS = 30;
const WATCHES_PER_MINUTE = 120;

/** The payload as `schema` reads it, or 400 validation_failed (answered in the ack). */
function parsed<T>(schema: {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
}) {
  return (payload: unknown): T => {
    const result = schema.safeParse(payload);
    if (!result.success) throw badRequest('validation_failed');
    return result.data;
  };
}
const sendOf = parsed(SendMessageSchema);
const receiptOf = parsed(ReceiptSchema);
const typingOf = parsed(TypingSchema);
const watchOf = parsed(PresenceWatchSchema);

/**
 * A send the paywall refused: besides the ack's `payment_required` (with its reason), the sending
 * socket hears `app:error` PaymentRequired naming the recipient (SPEC section 7), which opens the web
 * app's payment-required dialog wherever the member is.
 */
function tellPaymentRequired(socket: RealtimeSocket, error: unknown): void {
  if (!(error instanceof AppError) || error.code !== 'payment_required') return;
  if (!error.reason || !error.profile) return;
  const payment = { profile: error.profile, error: error.reason, ...(error.plan && { plan: error.plan }) };
  const event: PaymentRequiredEvent = { action: 'PaymentRequired', payment, ...payment };
  socket.emit('app:error', event);
}

/**
 * The socket side of chat, what sockets ask: sends (acked after the commit, one at a time per socket
 * so a member's messages keep their order; one socket's sends are a queue, so overlapping them would
 * only crowd the database pool), receipts, typing, presence watching. What the chat services tell
 * after their commits reaches the rooms `user:{id}` through chat-emitters.ts.
 */
export function registerChatRealtime(
  realtime: Pick<Realtime, 'io' | 'log' | 'onPresence'>,
  deps: Pick<AppDeps, 'db' | 'events'> & ShieldDeps,
): void {
  const { io, log } = realtime;
  const { db, limiter } = deps;
  // Sends of all sockets are stored in groups, one transaction each (decision 0010).
  const batcher = createSendBatcher(deps);

  // A watcher shares a conversation with the member: it hears the same coarse presence as in the list,
  // and nothing of a member in discreet mode (docs/discreet-mode.md).
  realtime.onPresence(async (userId, connected) => {
    if (!(await presenceShown(db, userId))) return;
    const now = clock.now();
    io.to(`presence:${userId}`).emit('users:presence', presenceOf(userId, connected, now, now));
  });

  // Each socket's sends are a queue: the last one, whatever became of it, the next waits for.
  const sending = new WeakMap<RealtimeSocket, Promise<void>>();

  const listeners = [
    clientEvent<{ ok: true; message: Message }>(
      'chats:messages:send',
      async (socket, payload, answer) => {
        const userId = socket.data.userId;
        const input = sendOf(payload);
        // After this socket's earlier sends, whatever became of them; a refusal is answered by clientEvent.
        const sent = (sending.get(socket) ?? Promise.resolve()).then(async () => {
          // The scam shield first (its refusals and held messages store nothing in the conversation);
          // a message it flags is stored alone, its families committing with it.
          const families = await screenSend(deps, userId, input);
          const stored =
            families.length > 0
              ? await storeMessage(deps, userId, input, undefined, families)
              : await batcher.store(userId, input);
          return announceStored(deps, userId, input, stored, socket.id);
        });
        sending.set(
          socket,
          sent.then(
            () => undefined,
            () => undefined,
          ),
        );
        // A refusal is answered by clientEvent; the paywall's is also told as an app:error.
        const message = await sent.catch((error: unknown) => {
          tellPaymentRequired(socket, error);
          throw error;
        });
        answer({ ok: true, message: presentMessage(message) });
      },
      log,
    ),

    ...(['deliver', 'read'] as const).map((kind) =>
      clientEvent<{ ok: true }>(
        `chats:messages:${kind}`,
        async (socket, payload, answer) => {
          const userId = socket.data.userId;
          const receipt = receiptOf(payload);
          await refuseOverLimit(limiter, `receipts:${userId}`, RECEIPTS_PER_MINUTE, 60_000);
          await recordReceipt(deps, userId, receipt, kind);
          answer({ ok: true });
        },
        log,
      ),
    ),

    clientEvent(
      'chats:typing',
      async (socket, payload) => {
        const userId = socket.data.userId;
        const typing = typingOf(payload);
        await refuseOverLimit(limiter, `typing:${userId}`, TYPING_PER_10_SECONDS, 10_000);
        await relayTyping(deps, userId, typing);
      },
      log,
    ),

    clientEvent<{ ok: true; presence: Presence }>(
      'users:presence:watch',
      async (socket, payload, answer) => {
        const userId = socket.data.userId;
        const watched = watchOf(payload).userId;
        await refuseOverLimit(limiter, `watch:${userId}`, WATCHES_PER_MINUTE, 60_000);
        const room = `presence:${watched}`;
        await watchablePresence(db, userId, watched);
        await socket.join(room);
        // Checked again once in the room: a block that committed between the first check and the join
        // ran its `block.changed` subscriber (which empties the pair's rooms) before this socket was in.
        // A block committing from here on takes the socket out itself. (Joining only after a check
        // keeps a stranger from hearing anyone's presence while their watch is being refused.)
        let found;
        try {
          found = await watchablePresence(db, userId, watched);
        } catch (error) {
          await socket.leave(room);
          throw error;
        }
        const presence = presenceOf(found.userId, found.connected, found.lastActivity, clock.now());
        answer({ ok: true, presence });
      },
      log,
    ),

    clientEvent(
      'users:presence:unwatch',
      async (socket, payload) => {
        await socket.leave(`presence:${watchOf(payload).userId}`);
      },
      log,
    ),
  ];
  io.on('connection', (socket) => {
    for (const listen of listeners) listen(socket);
  });
}
