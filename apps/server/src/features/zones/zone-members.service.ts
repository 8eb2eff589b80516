import {
  ZONE_REMINDER_INTERVAL_MS,
  type ZoneBanListQuery,
  type ZoneMemberListQuery,
  type ZoneRole,
} from '@motema/shared/zones';
import type { AppEvents } from '../../app-events.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, fieldIssue, invalidFields } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { isBlockedBetween } from '../safety/safety.service.ts';
import { requireRight, targetIn, zoneFor, zoneNotAllowed, type ZoneContext } from './zone-access.ts';
import * as members from './zone-members.repository.ts';
import * as repo from './zones.repository.ts';
import { canInZone, outranks } from './zones.policy.ts';
import { requireRoomForZone, type ZonesDeps } from './zones.service.ts';

const lastAdmin = () => conflict('zone_last_admin');

/** Members of the zone's counter: admins, managers and members; not the waiting. */
const counts = (role: ZoneRole | null) => role !== null && role !== 'waiting';

/**
 * A waiting request, as the event telling the zone's admins and managers of it (after the commit):
 * read in the transaction that made it, or reminded of it.
 */
export async function requestedEvent(
  tx: DbOrTx,
  zoneId: string,
  userId: string,
): Promise<AppEvents['zone.requested']> {
  return { zoneId, userId, moderatorIds: await members.moderatorIds(tx, zoneId) };
}

/**
 * Joins a zone as a member at once (a public zone), or asks to (a private one: a waiting request
 * with one answer per question, which replaces any decline; its admins and managers are told). 409
 * `zone_request_needed` for a join of a private zone, 403 `zone_banned` for a banned member.
 */
export async function enterZone(
  { db, env, events }: ZonesDeps,
  userId: string,
  zoneId: string,
  request: { answers: string[] } | null,
): Promise<ZoneContext> {
  const { entered, requested } = await db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, userId, true);
    requireRight(context, 'join');
    const { zone } = context;
    if (zone.access === 'private' && !request) throw conflict('zone_request_needed');
    const answers = zone.access === 'private' ? (request?.answers ?? []) : [];
    if (answers.length !== zone.questions.length || answers.some((answer) => answer === '')) {
      throw invalidFields(fieldIssue('answers', 'required'));
    }
    await requireRoomForZone(tx, env, userId);
    const role = zone.access === 'public' ? 'member' : 'waiting';
    await members.insertMember(tx, { zoneId: zone.id, userId, role, since: clock.now(), answers });
    if (counts(role)) await repo.adjustMembers(tx, zone.id, 1);
    return {
      entered: await zoneFor(tx, zone.id, userId),
      requested: counts(role) ? null : await requestedEvent(tx, zone.id, userId),
    };
  });
  if (requested) await events.emit('zone.requested', requested);
  return entered;
}

/** A waiting member withdraws their request. */
export async function cancelRequest({ db }: ZonesDeps, userId: string, zoneId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, userId, true);
    requireRight(context, 'cancel_request');
    await members.deleteMember(tx, context.zone.id, userId);
  });
}

/**
 * A waiting member reminds the admins of their request: at most once in ZONE_REMINDER_INTERVAL_MS,
 * 429 `zone_remind_too_soon` before. The zone's admins and managers are told again.
 */
export async function remindAdmins({ db, events }: ZonesDeps, userId: string, zoneId: string): Promise<Date> {
  const { at, requested } = await db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, userId, true);
    requireRight(context, 'remind');
    const now = clock.now();
    const last = context.membership?.lastReminderAt;
    if (last && now.getTime() - last.getTime() < ZONE_REMINDER_INTERVAL_MS) {
      throw new AppError(429, 'zone_remind_too_soon');
    }
    await members.setReminder(tx, context.zone.id, userId, now);
    return { at: now, requested: await requestedEvent(tx, context.zone.id, userId) };
  });
  await events.emit('zone.requested', requested);
  return at;
}

/**
 * An admin's or manager's action on another member of the zone, after the policy's checks: the zone
 * and the member acted on (their ids as stored).
 */
async function onMember(
  db: Db,
  callerId: string,
  zoneId: string,
  targetId: string,
  action: 'decide_request' | 'remove' | 'ban' | 'change_role',
  act: (tx: DbOrTx, context: ZoneContext, target: members.MembershipRow) => Promise<void>,
): Promise<{ zoneId: string; userId: string }> {
  return db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, callerId, true);
    requireRight(context, action);
    if (targetId === callerId) throw badRequest('self_not_allowed');
    const target = await targetIn(tx, context.zone.id, targetId, (id) => isBlockedBetween(tx, callerId, id));
    if (action === 'decide_request' && target.role !== 'waiting')
      throw new AppError(404, 'zone_request_not_found');
    if (action !== 'change_role' && !outranks(context.role, target.role)) throw zoneNotAllowed();
    await act(tx, context, target);
    return { zoneId: context.zone.id, userId: target.userId };
  });
}

/**
 * Answers a request: approved, the applicant is a member; declined, their request goes and the reason
 * stays for them to read on the zone's page (their membership). Either way they are told.
 */
async function answerRequest(
  { db, events }: ZonesDeps,
  callerId: string,
  zoneId: string,
  userId: string,
  answer: { approved: true } | { approved: false; reason: string },
) {
  const answered = await onMember(
    db,
    callerId,
    zoneId,
    userId,
    'decide_request',
    async (tx, { zone }, target) => {
      const now = clock.now();
      if (answer.approved) {
        await members.approveMember(tx, zone.id, target.userId, now);
        await repo.adjustMembers(tx, zone.id, 1);
      } else {
        await members.deleteMember(tx, zone.id, target.userId);
        const { reason } = answer;
        await members.insertDecline(tx, { zoneId: zone.id, userId: target.userId, reason, declinedAt: now });
      }
    },
  );
  await events.emit('zone.answered', { ...answered, approved: answer.approved });
}

/** Approves a request: the applicant is a member, and is told. */
export function approveRequest(deps: ZonesDeps, callerId: string, zoneId: string, userId: string) {
  return answerRequest(deps, callerId, zoneId, userId, { approved: true });
}

/** Declines a request; the applicant is told, and reads the reason on the zone's page (their membership). */
export function declineRequest(
  deps: ZonesDeps,
  callerId: string,
  zoneId: string,
  userId: string,
  reason: string,
) {
  return answerRequest(deps, callerId, zoneId, userId, { approved: false, reason });
}

/** Removes a member (or a request): they may request again. */
export async function removeMember({ db }: ZonesDeps, callerId: string, zoneId: string, userId: string) {
  await onMember(db, callerId, zoneId, userId, 'remove', async (tx, { zone }, target) => {
    await members.deleteMember(tx, zone.id, target.userId);
    if (counts(target.role)) await repo.adjustMembers(tx, zone.id, -1);
  });
}

/**
 * Bans a member (taking them out of the zone if they are in it, when the caller outranks them) or
 * lifts a ban: a banned member can neither join nor request.
 */
export async function setBan(
  { db }: ZonesDeps,
  callerId: string,
  zoneId: string,
  userId: string,
  banned: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, callerId, true);
    requireRight(context, 'ban');
    if (userId === callerId) throw badRequest('self_not_allowed');
    if (!banned) return members.deleteBan(tx, context.zone.id, userId);
    if (!(await repo.memberExists(tx, userId))) throw new AppError(404, 'user_not_found');
    const target = await members.findMembership(tx, context.zone.id, userId, true);
    if (target && !outranks(context.role, target.role)) throw zoneNotAllowed();
    if (target) {
      await members.deleteMember(tx, context.zone.id, userId);
      if (counts(target.role)) await repo.adjustMembers(tx, context.zone.id, -1);
    }
    await members.insertBan(tx, context.zone.id, userId, clock.now());
  });
}

/** The zone's banned members, for those who may ban and lift bans (its admins and managers). */
export async function listBans(db: DbOrTx, viewerId: string, zoneId: string, page: ZoneBanListQuery) {
  const context = await zoneFor(db, zoneId, viewerId);
  requireRight(context, 'ban');
  return members.listBans(db, context.zone.id, viewerId, page);
}

/**
 * An admin gives a member another role (admin, manager or member). The zone keeps at least one admin:
 * the last one cannot step down (409 `zone_last_admin`).
 */
export async function changeRole(
  { db }: ZonesDeps,
  callerId: string,
  zoneId: string,
  userId: string,
  role: 'admin' | 'manager' | 'member',
) {
  if (userId === callerId && role !== 'admin') {
    await db.transaction(async (tx) => {
      const context = await zoneFor(tx, zoneId, callerId, true);
      requireRight(context, 'change_role');
      if ((await members.countRole(tx, context.zone.id, 'admin')) <= 1) throw lastAdmin();
      await members.setRole(tx, context.zone.id, callerId, role);
    });
    return;
  }
  await onMember(db, callerId, zoneId, userId, 'change_role', async (tx, { zone }, target) => {
    if (target.role === 'waiting') throw new AppError(404, 'zone_request_not_found');
    await members.setRole(tx, zone.id, target.userId, role);
  });
}

/** A member leaves; the last admin must first hand over (409 `zone_last_admin`). */
export async function leaveZone({ db }: ZonesDeps, userId: string, zoneId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, userId, true);
    requireRight(context, 'leave');
    if (context.role === 'admin' && (await members.countRole(tx, context.zone.id, 'admin')) <= 1) {
      throw lastAdmin();
    }
    await members.deleteMember(tx, context.zone.id, userId);
    await repo.adjustMembers(tx, context.zone.id, -1);
  });
}

/**
 * The zone's members by role for those in it; the waiting (with their answers) only for its admins
 * and managers. Members blocked by or blocking the viewer are left out (Z3).
 */
export async function listZoneMembers(
  db: DbOrTx,
  viewerId: string,
  zoneId: string,
  query: ZoneMemberListQuery,
) {
  const context = await zoneFor(db, zoneId, viewerId);
  requireRight(context, query.role === 'waiting' ? 'view_waiting' : 'view_members');
  const roles: ZoneRole[] = query.role === 'waiting' ? ['waiting'] : ['admin', 'manager', 'member'];
  return members.listMembers(db, context.zone.id, viewerId, roles, query);
}

/**
 * One member seen through the zone by someone in it: their role and since when. The zone's admins
 * and managers also see the waiting, and those out of it with their ban; for anyone else, 404
 * `user_not_found` for someone not in the zone, as for an unknown or blocked account.
 */
export async function zoneMember(db: DbOrTx, viewerId: string, zoneId: string, userId: string) {
  const context = await zoneFor(db, zoneId, viewerId);
  requireRight(context, 'view_members');
  const moderator = canInZone('view_waiting', context, context.zone.access);
  const found = await members.memberSeenBy(db, context.zone.id, viewerId, userId.toLowerCase());
  if (!found || (!moderator && (found.role === null || found.role === 'waiting'))) {
    throw new AppError(404, 'user_not_found');
  }
  return { ...found, banned: moderator && found.banned };
}

/** The caller's own place in a zone, with a declined request's reason and whether they are its only admin. */
export async function myMembership(db: DbOrTx, userId: string, zoneId: string) {
  const context = await zoneFor(db, zoneId, userId);
  return {
    role: context.role,
    banned: context.banned,
    declineReason: await members.declineReasonOf(db, context.zone.id, userId),
    lastReminderAt: context.membership?.lastReminderAt ?? null,
    lastAdmin: context.role === 'admin' && (await members.countRole(db, context.zone.id, 'admin')) <= 1,
  };
}
