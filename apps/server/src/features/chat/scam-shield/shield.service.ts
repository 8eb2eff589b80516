import { type SendMessageSchema } from '@motema/shared/chat';
import { SHIELD_DAYS, type ScamFamily } from '@motema/shared/scam-shield';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import { AppError, conflict, forbidden } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import type { RateLimiter } from '../../../lib/rate-limiter.ts';
import { hasLink, hasPhoneNumber, normalise, reviewReasons, scamFamilies } from './scam-rules.ts';
import { shieldContext } from './shield-context.repository.ts';
import * as shieldRepo from './shield.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** An account younger than this is new: slowed towards strangers, no links or numbers to them. */
export const NEW_ACCOUNT_MS = DAY_MS;

export type ShieldDeps = {
  db: Db;
  limiter: RateLimiter;
  env: Pick<Env, 'NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR'>;
};
type SendInput = z.output<typeof SendMessageSchema>;

/** A restricted member's message to a stranger: held for staff, delivered to nobody yet (202). */
export const messageHeld = () => new AppError(202, 'message_held');

/**
 * Judges a send before it is stored (docs/scam-shield.md), in this order, each refusal storing
 * nothing: a member a moderator asked to verify may not write (403 verification_required); towards a
 * stranger (a member who has not written in this conversation), a restricted sender's message is held,
 * a new account may send no link or phone number (409 new_account_contact) and only so many messages
 * an hour (429 new_account_slowed), and a message with the sender's phone number or money in it asks
 * them to look again (409 review_before_send, unless `confirmed`). Then the rules read the messages
 * of strangers and of the conversation's first SHIELD_DAYS: their families are the answer (none for
 * an ordinary message), to store with the message for its recipient's banner. A retry of a send already stored or held
 * is answered as the first one was, never judged twice. A non-member passes: the send path's own
 * context answers 404.
 */
export async function screenSend(
  deps: ShieldDeps,
  senderId: string,
  input: SendInput,
): Promise<ScamFamily[]> {
  const context = await shieldContext(deps.db, input.conversationId, senderId, input.clientId);
  if (!context) return [];
  if (context.verificationRequired) throw forbidden('verification_required');
  if (context.heldId) throw messageHeld();
  const now = clock.now();
  const text = input.text ?? '';
  const stranger = !context.heard;
  const checked = stranger || now.getTime() - context.startedAt.getTime() < SHIELD_DAYS * DAY_MS;
  const families = checked && text ? scamFamilies(text) : [];
  if (context.storedId || !stranger) return families;
  if (context.restrictedUntil && context.restrictedUntil > now) {
    await shieldRepo.insertHeldMessage(deps.db, {
      conversationId: input.conversationId,
      senderId,
      recipientId: context.otherId,
      clientId: input.clientId,
      text: text || null,
      fileIds: input.files ?? [],
      replyToId: input.replyTo ?? null,
      families,
      createdAt: now,
    });
    throw messageHeld();
  }
  const newAccount = now.getTime() - context.senderCreatedAt.getTime() < NEW_ACCOUNT_MS;
  if (newAccount) {
    const normalised = normalise(text);
    if (hasLink(normalised) || hasPhoneNumber(normalised)) throw conflict('new_account_contact');
  }
  if (!input.confirmed && reviewReasons(text).length > 0) throw conflict('review_before_send');
  // Counted last: a send the member is asked to review is not one of their messages yet.
  if (newAccount) await refuseOverNewAccountLimit(deps, senderId);
  return families;
}

/** A new account's messages to strangers in the last hour. */
async function refuseOverNewAccountLimit(deps: ShieldDeps, senderId: string): Promise<void> {
  const max = deps.env.NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR;
  const { allowed, retryAfterMs } = await deps.limiter.consume(`new-account:${senderId}`, max, HOUR_MS);
  if (!allowed) {
    throw new AppError(429, 'new_account_slowed', {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    });
  }
}

/**
 * The scam shield's judgement of a text alone, for the other places members write to strangers (a
 * live's chat, docs/lives.md): its families, empty for ordinary talk. The rules stay the chat's.
 */
export const judgeText = (text: string): ScamFamily[] => scamFamilies(text);
