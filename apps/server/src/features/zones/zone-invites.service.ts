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
const inviteInvalid = () => new AppError(410, 'zone_invite_invalid');

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
 * Joins the zone of an invite link: a member at once, or a waiting request (without answers) when
 * the link needs approval. 410 `zone_invite_invalid` when the link is unknown, revoked, expired or
 * used up; the zone's own rules follow (banned, already in, the per-member limit).
 */
export async function joinByInvite(
  { db, env, events }: ZonesDeps,
  userId: string,
  token: string,
): Promise<ZoneContext> {
  const { joined, requested } = await db.transaction(async (tx) => {
    const invite = await invites.lockInviteByHash(tx, sha256(token));
    const now = clock.now();
    if (!invite || invite.revokedAt || invite.expiresAt <= now) throw inviteInvalid();
    if (invite.maxUses !== null && invite.uses >= invite.maxUses) throw inviteInvalid();
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
