import {
  LIVE_MESSAGES_ON_JOIN,
  type LiveMessageSend,
  type LiveReactionSend,
  type LiveRole,
} from '@motema/shared/lives';
import type { LiveMessageView } from '../../app-event-payloads.ts';
import type { LiveMessageRow } from '../../db/schema.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { refuseOverLimit } from '../../lib/rate-limiter.ts';
import { judgeText } from '../chat/scam-shield/shield.service.ts';
import { refuseOverMessageLimit } from '../chat/send/chat-send.service.ts';
import { postMember, postMembers } from '../posts/post-members.service.ts';
import * as messagesRepo from './live-messages.repository.ts';
import type { LivesDeps } from './lives-runtime.ts';
import * as viewersRepo from './live-viewers.repository.ts';
import { liveNotFound, requirePlace, requireRole } from './lives.service.ts';

/** Reactions a member may send to lives, per window: a burst of taps, not a flood. */
export const LIVE_REACTIONS_PER_WINDOW = 10;
export const LIVE_REACTIONS_WINDOW_MS = 10_000;

const messageNotFound = () => new AppError(404, 'live_message_not_found');

/** A message with its sender as members are shown them. */
async function viewOf(deps: Pick<LivesDeps, 'db'>, row: LiveMessageRow): Promise<LiveMessageView> {
  const sender = await postMember(deps.db, row.senderId);
  if (!sender) throw messageNotFound();
  return { row, sender };
}

/**
 * Socket `lives:message`: stored once per (sender, clientId), a retry answered with the stored one
 * and not counted again. A member with no place: 404; a muted viewer: 403 live_muted; the chat's
 * limit per member (MESSAGES_PER_MINUTE, shared with their conversations). The scam shield's rules
 * hold a message they flag, and a member under a moderator's restriction has every message held:
 * a held one goes to its sender, the broadcaster and the live's moderators only, until one of the
 * last two releases or drops it.
 */
export async function sendLiveMessage(
  deps: Pick<LivesDeps, 'db' | 'events' | 'limiter'>,
  memberId: string,
  input: LiveMessageSend,
): Promise<LiveMessageView> {
  const { db, events, limiter } = deps;
  const role = await requirePlace(db, input.liveId, memberId);
  const stored = await messagesRepo.findByClientId(db, memberId, input.clientId);
  if (stored) {
    if (stored.liveId !== input.liveId || stored.status === 'removed') throw messageNotFound();
    return viewOf(deps, stored);
  }
  if (role !== 'broadcaster' && (await viewersRepo.findViewer(db, input.liveId, memberId))?.muted) {
    throw forbidden('live_muted');
  }
  await refuseOverMessageLimit(limiter, memberId);
  const families = judgeText(input.text);
  const restrictedUntil = await messagesRepo.findRestrictedUntil(db, memberId);
  const held = families.length > 0 || (!!restrictedUntil && restrictedUntil > clock.now());
  const row =
    (await messagesRepo.insertMessage(db, {
      liveId: input.liveId,
      senderId: memberId,
      clientId: input.clientId,
      text: input.text,
      status: held ? 'held' : 'shown',
      families,
    })) ?? (await messagesRepo.findByClientId(db, memberId, input.clientId));
  if (!row) throw messageNotFound();
  const message = await viewOf(deps, row);
  await events.emit('live.message', { message, held });
  return message;
}

/**
 * GET /api/lives/:id/messages (and the join's answer): the last LIVE_MESSAGES_ON_JOIN the member
 * sees; held ones only to the broadcaster, the live's moderators and their sender.
 */
export async function listMessages(
  deps: Pick<LivesDeps, 'db'>,
  memberId: string,
  liveId: string,
  known?: LiveRole,
): Promise<LiveMessageView[]> {
  const { db } = deps;
  const role = known ?? (await requirePlace(db, liveId, memberId));
  const rows = await messagesRepo.findLastMessages(
    db,
    liveId,
    memberId,
    role !== 'viewer',
    LIVE_MESSAGES_ON_JOIN,
  );
  const senders = await postMembers(
    db,
    rows.map((row) => row.senderId),
  );
  return rows.flatMap((row) => {
    const sender = senders.get(row.senderId);
    return sender ? [{ row, sender }] : [];
  });
}

/** POST /api/lives/:id/messages/:messageId/release: a held message is shown to the whole room. */
export async function releaseMessage(
  deps: Pick<LivesDeps, 'db' | 'events'>,
  memberId: string,
  liveId: string,
  messageId: string,
): Promise<LiveMessageView> {
  await requireRole(deps.db, liveId, memberId, ['broadcaster', 'moderator']);
  const found = await messagesRepo.findMessage(deps.db, liveId, messageId);
  const released = found && (await messagesRepo.moveMessage(deps.db, messageId, ['held'], 'shown'));
  if (!released) throw messageNotFound();
  const message = await viewOf(deps, released);
  await deps.events.emit('live.message', { message, held: false });
  return message;
}

/** DELETE /api/lives/:id/messages/:messageId: a message (held or shown) is taken down. */
export async function dropMessage(
  deps: Pick<LivesDeps, 'db' | 'events'>,
  memberId: string,
  liveId: string,
  messageId: string,
): Promise<void> {
  await requireRole(deps.db, liveId, memberId, ['broadcaster', 'moderator']);
  const found = await messagesRepo.findMessage(deps.db, liveId, messageId);
  const removed = found && (await messagesRepo.moveMessage(deps.db, messageId, ['held', 'shown'], 'removed'));
  if (!removed) throw messageNotFound();
  await deps.events.emit('live.message.removed', { liveId, messageId });
}

/**
 * Socket `lives:reaction`: a member with a place in the live reacts, LIVE_REACTIONS_PER_WINDOW per
 * window at most (429); nothing is stored, the room hears it without the member's name.
 */
export async function checkReaction(
  deps: Pick<LivesDeps, 'db' | 'limiter'>,
  memberId: string,
  input: LiveReactionSend,
): Promise<void> {
  if (!(await requirePlace(deps.db, input.liveId, memberId))) throw liveNotFound();
  await refuseOverLimit(
    deps.limiter,
    `live-reactions:${memberId}`,
    LIVE_REACTIONS_PER_WINDOW,
    LIVE_REACTIONS_WINDOW_MS,
  );
}

/** The members watching whom a message of `senderId` must not reach: a block stands between them (Z3). */
export function viewersHiddenFrom(
  deps: Pick<LivesDeps, 'db'>,
  liveId: string,
  senderId: string,
): Promise<string[]> {
  return viewersRepo.findViewersHiddenFrom(deps.db, liveId, senderId);
}
