import { MESSAGES_PER_MINUTE, type SendMessageSchema } from '@motema/shared/chat';
import type { ScamFamily } from '@motema/shared/scam-shield';
import type { z } from 'zod';
import type { AppEventPort } from '../../../app-events.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, conflict, forbidden } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { refuseOverLimit, type RateLimiter } from '../../../lib/rate-limiter.ts';
import { paymentRequired, paywallReasonOf } from '../../billing/paywall/paywall.policy.ts';
import { attachFiles } from '../files/chat-files.service.ts';
import { conversationNotFound } from '../chat-errors.ts';
import { insertMessageShield } from '../scam-shield/shield.repository.ts';
import * as messagesRepo from './message-send.repository.ts';
import type { StoryReference } from './message-send.repository.ts';
import { messageFor, newMessageFor, type MessageView } from '../messages/message-views.service.ts';

export type SendDeps = { db: Db; limiter: RateLimiter };
export type { StoryReference } from './message-send.repository.ts';
export type SendInput = z.output<typeof SendMessageSchema>;

export type StoredMessage = {
  messageId: string;
  recipientId: string;
  created: boolean;
  /** The new message as its sender sees it, when the send could build it without a query. */
  view?: MessageView;
  /** The scam shield's families, stored with a new message it flagged (its recipient's banner). */
  families?: readonly ScamFamily[];
};

/** Counts a new message against the member's limit (R1); only new messages count. */
export const refuseOverMessageLimit = (limiter: RateLimiter, senderId: string) =>
  refuseOverLimit(limiter, `messages:${senderId}`, MESSAGES_PER_MINUTE, 60_000);

/**
 * Stores a message once per (sender, clientId) with the conversation's next sequence number
 * (QUALITY C1), in two named statements (decision 0009): the context (access, block, a stored
 * message with this client id, the sender's names), then, in one short transaction, the statement
 * that takes the number, stores the message and counts it unread, and the attaching of its files. A
 * retry of a stored message finds it: not rate limited, no number used.
 */
export async function storeMessage(
  deps: SendDeps,
  senderId: string,
  input: SendInput,
  /** The story a new message replies to (features/posts' replies route), stored with it. */
  story?: StoryReference,
  /** The scam shield's families of a flagged message (scam-shield/shield.service.ts), stored with it. */
  families: readonly ScamFamily[] = [],
): Promise<StoredMessage> {
  const count = () => refuseOverMessageLimit(deps.limiter, senderId);
  return storeChecked(deps.db, senderId, input, count, story, families);
}

/**
 * `storeMessage` with its rate limit as `count`, run once the context says the send is new (a
 * non-member, a block and a retry are answered first). The group commit calls it with the limit
 * already counted (a send whose group failed) or already refused (`count` throws that refusal: a
 * retry at the limit is still answered with its stored message).
 */
export async function storeChecked(
  db: Db,
  senderId: string,
  input: SendInput,
  count: () => Promise<void>,
  story?: StoryReference,
  families: readonly ScamFamily[] = [],
): Promise<StoredMessage> {
  const now = clock.now();
  const context = await messagesRepo.sendContext(db, input.conversationId, senderId, input.clientId, now);
  if (!context) throw conversationNotFound();
  if (!context.open) throw forbidden('chat_blocked');
  if (context.existingId)
    return { messageId: context.existingId, recipientId: context.otherId, created: false };
  await refusePaywalled(db, senderId, context, now);
  await count();
  return insertStored(db, senderId, input, context, story, families);
}

/**
 * The paywall (features/billing/paywall): a new message the context's statement found behind it is
 * refused with 402 payment_required, before the rate limit counts it and with nothing stored. A retry
 * of a message stored before is answered as such (above): it was allowed then. Only a refusal reads
 * more (the plan that would reach the recipient): the send itself costs nothing more.
 */
export async function refusePaywalled(
  db: Db,
  senderId: string,
  context: Pick<messagesRepo.SendContext, 'paywall' | 'otherId'>,
  at: Date,
): Promise<void> {
  const reason = paywallReasonOf(context.paywall);
  if (reason) throw await paymentRequired(db, { reason, sender: senderId, recipient: context.otherId, at });
}

/** A hit of the member's message limit taken back: its send was refused by the paywall after counting. */
export const releaseMessageHit = (limiter: RateLimiter, senderId: string) =>
  limiter.release(`messages:${senderId}`);

/**
 * The second step of `storeMessage`, once the context allowed a new message and the rate limit
 * counted it: one message in its own transaction (its files with it).
 */
async function insertStored(
  db: Db,
  senderId: string,
  input: SendInput,
  context: messagesRepo.SendContext,
  story: StoryReference | undefined,
  families: readonly ScamFamily[],
): Promise<StoredMessage> {
  const values = {
    conversationId: input.conversationId,
    senderId,
    recipientId: context.otherId,
    clientId: input.clientId,
    text: input.text ? input.text : null,
    replyToId: input.replyTo ?? null,
    createdAt: clock.now(),
  };
  let inserted: { id: string; seq: number } | undefined;
  try {
    const fileIds = input.files ?? [];
    const alsoStored: Parameters<typeof messagesRepo.insertNextMessage>[2] = async (tx, messageId) => {
      if (fileIds.length > 0)
        await attachFiles(tx, { conversationId: input.conversationId, senderId, messageId, fileIds });
      if (story) await messagesRepo.insertMessageStory(tx, messageId, story);
      if (families.length > 0) await insertMessageShield(tx, messageId, families);
    };
    const plain = fileIds.length === 0 && !story && families.length === 0;
    inserted = await messagesRepo.insertNextMessage(db, values, plain ? undefined : alsoStored);
  } catch (error) {
    // Another device of the sender stored the same client id meanwhile: this attempt left nothing.
    if (!messagesRepo.isDuplicateClientId(error)) throw error;
    const existing = await messagesRepo.findBySenderClient(db, senderId, input.clientId);
    if (!existing) throw error;
    return { messageId: existing.id, recipientId: context.otherId, created: false };
  }
  // Nothing stored: a block made since the context was read, or a quote from another conversation.
  if (!inserted) throw input.replyTo ? new AppError(404, 'message_not_found') : forbidden('chat_blocked');
  const stored: StoredMessage = {
    messageId: inserted.id,
    recipientId: context.otherId,
    created: true,
    ...(families.length > 0 && { families }),
  };
  if (!input.replyTo && !input.files?.length && !story) {
    stored.view = await newMessageFor(db, { ...values, id: inserted.id, seq: inserted.seq }, context);
  }
  return stored;
}

/**
 * After the commit of `storeMessage`: the message as the sender sees it (the ack: same `_id` and
 * `seq` for every retry), told as `message.stored` (the realtime emitters send it to both members'
 * devices but the sending socket, whose ack carries it), and the recipient gets their new badges.
 */
export async function announceStored(
  deps: { db: Db; events: AppEventPort },
  senderId: string,
  input: SendInput,
  stored: StoredMessage,
  /** The socket that sent it: its ack carries the message, so the event skips it. */
  senderSocketId?: string,
): Promise<MessageView> {
  // Stored, but the database went away before it could be read: the ack says
  // service_unavailable (failureOf) and the retry (same client id) finds it.
  const message = stored.view ?? (await messageFor(deps.db, senderId, stored.messageId));
  // A client id reused for another conversation is a client bug: never answer with another thread.
  if (message.row.conversationId !== input.conversationId) throw conflict();
  // A retry (created: false) is announced again: its first answer was lost, maybe before the event went
  // out (the database cut after the commit). The apps merge a message they hold by its id.
  const families = stored.families;
  await deps.events.emit('message.stored', {
    message,
    recipientId: stored.recipientId,
    senderSocketId,
    ...(families && { shield: { families: [...families] } }),
  });
  // A new message the shield flagged feeds a moderation case (features/moderation subscribes).
  if (families && stored.created) {
    await deps.events.emit('chat.message.flagged', {
      senderId,
      messageId: message.row.id,
      families: [...families],
    });
  }
  // The ack does not wait for the badge: it follows on its own (coalesced per member).
  await deps.events.emit('unread.changed', { userIds: [stored.recipientId], newMessage: true });
  return message;
}
