import { PresenceWatchSchema, ReceiptSchema, SendMessageSchema, TypingSchema } from '@motema/shared/chat';
import type { EventAck } from '@motema/shared/realtime';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/server.ts';
import { onChatEvent } from './chat-events.ts';
import { recordReceipt, relayTyping, watchablePresence } from './chat-receipts.service.ts';
import { createSendBatcher } from './chat-send-batcher.ts';
import { announceStored } from './chat-send.service.ts';

/** Receipts per member per minute: one per message that arrives is far below it. */
const RECEIPTS_PER_MINUTE = 1200;
/** Typing events per member per 10 s: the app sends one every TYPING_THROTTLE_MS at most. */
const TYPING_PER_10_SECONDS = 30;
const WATCHES_PER_MINUTE = 120;

type Failure = { ok: false; code: string };
const failure = (code: string): Failure => ({ ok: false, code });

/** What a handler's error becomes in its ack: the AppError's code, never a stack or a message. */
function failureOf(error: unknown): Failure {
  return failure(error instanceof AppError ? error.code : 'internal');
}

/** The client's ack function if it gave one; a throwing client callback never reaches us. */
function answerer<T>(ack: unknown): (result: T) => void {
  return (result) => {
    if (typeof ack !== 'function') return;
    try {
      ack(result);
    } catch {
      // Nothing to do: the client's own callback failed.
    }
  };
}

/**
 * The socket side of chat: sends (acked after the commit, one at a time per socket so a member's
 * messages keep their order; one socket's sends are a queue, so overlapping them would only
 * crowd the database pool), receipts, typing, presence watching; and the delivery of what the chat
 * services emit after their commits to the rooms `user:{id}`.
 */
export function registerChatRealtime(
  realtime: Pick<Realtime, 'io' | 'onPresence'>,
  deps: { db: Db; limiter: RateLimiter },
): void {
  const { io } = realtime;
  const { db, limiter } = deps;
  // Sends of all sockets are stored in groups, one transaction each (decision 0010).
  const batcher = createSendBatcher(deps);

  const stop = onChatEvent({
    toUser: (userId, event, payload, exceptSocketId) => {
      const room = io.to(`user:${userId}`);
      const target = exceptSocketId ? room.except(exceptSocketId) : room;
      (target.emit as (name: string, data: unknown) => boolean)(event, payload);
    },
    separate: (a, b) => {
      io.in(`user:${a}`).socketsLeave(`presence:${b}`);
      io.in(`user:${b}`).socketsLeave(`presence:${a}`);
    },
  });
  io.httpServer?.once('close', stop);

  realtime.onPresence(async (userId, connected) => {
    io.to(`presence:${userId}`).emit('users:presence', {
      userId,
      connected,
      lastActivity: clock.now().toISOString(),
    });
  });

  const allowed = async (key: string, max: number, windowMs: number) =>
    (await limiter.consume(key, max, windowMs)).allowed;

  io.on('connection', (socket) => {
    const userId = socket.data.userId;
    let sending: Promise<void> = Promise.resolve();

    socket.on('chats:messages:send', (payload: unknown, ack: unknown) => {
      const answer = answerer<{ ok: true; message: unknown } | Failure>(ack);
      const parsed = SendMessageSchema.safeParse(payload);
      if (!parsed.success) return answer(failure('validation_failed'));
      sending = sending.then(() =>
        batcher
          .store(userId, parsed.data)
          .then((stored) => announceStored(db, userId, parsed.data, stored, socket.id))
          .then(
            (message) => answer({ ok: true, message }),
            (error: unknown) => answer(failureOf(error)),
          ),
      );
    });

    for (const kind of ['deliver', 'read'] as const) {
      socket.on(`chats:messages:${kind}`, (payload: unknown, ack?: unknown) => {
        const answer = answerer<EventAck>(ack);
        const parsed = ReceiptSchema.safeParse(payload);
        if (!parsed.success) return answer(failure('validation_failed'));
        allowed(`receipts:${userId}`, RECEIPTS_PER_MINUTE, 60_000)
          .then(async (ok) => {
            if (!ok) return answer(failure('rate_limited'));
            await recordReceipt(db, userId, parsed.data, kind);
            answer({ ok: true });
          })
          .catch((error: unknown) => answer(failureOf(error)));
      });
    }

    socket.on('chats:typing', (payload: unknown) => {
      const parsed = TypingSchema.safeParse(payload);
      if (!parsed.success) return;
      allowed(`typing:${userId}`, TYPING_PER_10_SECONDS, 10_000)
        .then((ok) => (ok ? relayTyping(db, userId, parsed.data) : undefined))
        .catch(() => undefined);
    });

    socket.on('users:presence:watch', (payload: unknown, ack: unknown) => {
      const answer = answerer<{ ok: true; presence: unknown } | Failure>(ack);
      const parsed = PresenceWatchSchema.safeParse(payload);
      if (!parsed.success) return answer(failure('validation_failed'));
      allowed(`watch:${userId}`, WATCHES_PER_MINUTE, 60_000)
        .then(async (ok) => {
          if (!ok) return answer(failure('rate_limited'));
          const presence = await watchablePresence(db, userId, parsed.data.userId);
          await socket.join(`presence:${parsed.data.userId}`);
          answer({ ok: true, presence });
        })
        .catch((error: unknown) => answer(failureOf(error)));
    });

    socket.on('users:presence:unwatch', (payload: unknown) => {
      const parsed = PresenceWatchSchema.safeParse(payload);
      if (parsed.success) void socket.leave(`presence:${parsed.data.userId}`);
    });
  });
}
