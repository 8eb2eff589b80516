import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { requireRight, zoneFor, type ZoneContext } from './zone-access.ts';
import * as invites from './zone-invites.repository.ts';
import * as members from './zone-members.repository.ts';
import { requestedEvent } from './zone-members.service.ts';
import * as repo from './zones.repository.ts';
import { requireRoomForZone, type ZonesDeps } from './zones.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The link, once it may still be used: 410 `zone_invite_invalid` for an unknown token, and, for a
 * link that was real, why it no longer works (`zone_invite_revoked`, `zone_invite_expired`,
 * `zone_invite_used_up`): its holder is told what to do. The preview and the join ask the same.
 */
function usableInvite(invite: invites.InviteRow | null, now: Date): invites.InviteRow {
  if (!invite) throw new AppError(410, 'zone_invite_invalid');
  if (invite.revokedAt) throw new AppError(410, 'zone_invite_revoked');
  if (invite.expiresAt <= now) throw new AppError(410, 'zone_invite_expired');
  if (invite.maxUses !== null && invite.uses >= invite.maxUses)
    throw new AppError(410, 'zone_invite_used_up');
  return invite;
}

export type InviteMade = { row: invites.InviteRow; token: string };

/** An admin or manager makes an invite link; its token is given once, only its hash is kept. */
export async function createInvite(
  { db }: ZonesDeps,
  callerId: string,
  zoneId: string,
  input: { days: number; maxUses: number | null; needsApproval: boolean },
): Promise<InviteMade> {
  return db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, callerId, true);
    requireRight(context, 'manage_invites');
    const token = newToken();
    const now = clock.now();
    const row = await invites.insertInvite(tx, {
      zoneId: context.zone.id,
      tokenHash: sha256(token),
      createdBy: callerId,
      expiresAt: new Date(now.getTime() + input.days * DAY_MS),
      maxUses: input.maxUses,
      needsApproval: input.needsApproval,
      createdAt: now,
    });
    return { row, token };
  });
}

export async function listInvites(db: DbOrTx, callerId: string, zoneId: string) {
  const context = await zoneFor(db, zoneId, callerId);
  requireRight(context, 'manage_invites');
  return invites.listInvites(db, context.zone.id);
}

export async function revokeInvite({ db }: ZonesDeps, callerId: string, zoneId: string, inviteId: string) {
  await db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, callerId, true);
    requireRight(context, 'manage_invites');
    if (!(await invites.revokeInvite(tx, context.zone.id, inviteId, clock.now()))) {
      throw new AppError(404, 'zone_invite_invalid');
    }
  });
}

/**
 * What an invite link invites to, for the member who opened it to choose: the link's zone and the
 * caller's place in it. Nothing is joined and the link's uses stay as they are; the refusals are the
 * join's (usableInvite).
 */
export async function previewInvite(
  db: DbOrTx,
  userId: string,
  token: string,
): Promise<{ invite: invites.InviteRow; context: ZoneContext }> {
  const invite = usableInvite(await invites.findInviteByHash(db, sha256(token)), clock.now());
  return { invite, context: await zoneFor(db, invite.zoneId, userId) };
}

/**
 * Joins the zone of an invite link: a member at once, or a waiting request (without answers) when
 * the link needs approval. 410 when the link is unknown, revoked, expired or used up (usableInvite);
 * the zone's own rules follow (banned, already in, the per-member limit).
 */
export async function joinByInvite(
  { db, env, events }: ZonesDeps,
  userId: string,
  token: string,
): Promise<ZoneContext> {
  const { joined, requested } = await db.transaction(async (tx) => {
    const now = clock.now();
    const invite = usableInvite(await invites.lockInviteByHash(tx, sha256(token)), now);
    const context = await zoneFor(tx, invite.zoneId, userId, true);
    requireRight(context, 'join');
    await requireRoomForZone(tx, env, userId);
    const role = invite.needsApproval ? 'waiting' : 'member';
    await members.insertMember(tx, { zoneId: invite.zoneId, userId, role, since: now });
    if (role === 'member') await repo.adjustMembers(tx, invite.zoneId, 1);
    await invites.countUse(tx, invite.id);
    return {
      joined: await zoneFor(tx, invite.zoneId, userId),
      requested: role === 'waiting' ? await requestedEvent(tx, invite.zoneId, userId) : null,
    };
  });
  // A request made through the link: its admins and managers are told, as of any other.
  if (requested) await events.emit('zone.requested', requested);
  return joined;
}
