import type { z } from 'zod';
import {
  ZONE_INVITE_PREVIEW_TEXT_LENGTH,
  type Zone,
  type ZoneBanList,
  type ZoneInvitePreview,
  type ZoneInviteSchema,
  type ZoneList,
  type ZoneMemberDetail,
  type ZoneMemberList,
  type ZoneRole,
} from '@motema/shared/zones';
import type { MediaItemRow } from '../../db/schema.ts';
import { presentItemImage } from '../media/media-items.presenter.ts';
import type { InviteMade } from './zone-invites.service.ts';
import type { InviteRow } from './zone-invites.repository.ts';
import type { ZoneContext } from './zone-access.ts';
import type { ZoneRow } from './zones.repository.ts';

/** Where a zone's cover files are served: each request checks that the viewer may see the page. */
export const zoneCoverBaseUrl = (zoneId: string) => `/api/zones/${zoneId}/cover/`;

/** The zones' cover photos by item id (zones.service's `zoneCovers`). */
export type ZoneCovers = ReadonlyMap<string, MediaItemRow>;

/**
 * A zone's page as the caller sees it: every field is public to whoever may open the page, its
 * cover's files too (through the zone's route, never the item's own).
 */
export function presentZone(
  { zone, role }: { zone: ZoneRow; role: ZoneRole | null },
  covers: ZoneCovers,
): Zone {
  const cover = zone.coverItemId ? covers.get(zone.coverItemId) : undefined;
  return {
    _id: zone.id,
    title: zone.title,
    name: zone.name,
    description: zone.description,
    cover: zone.coverItemId,
    coverImage: cover ? presentItemImage(cover, zoneCoverBaseUrl(zone.id)) : null,
    access: zone.access,
    questions: zone.questions,
    members: zone.members,
    role,
    createdAt: zone.createdAt.toISOString(),
  };
}

export function presentZoneList(
  list: { rows: { zone: ZoneRow; role: ZoneRole | null }[]; count: number },
  covers: ZoneCovers,
): ZoneList {
  return { zones: list.rows.map((row) => presentZone(row, covers)), count: list.count };
}

/** Members by role; a waiting member's answers only reach the admins and managers who list the waiting. */
export function presentMemberList(list: {
  rows: {
    userId: string;
    username: string;
    role: ZoneRole;
    since: Date;
    answers: string[];
    lastReminderAt: Date | null;
  }[];
  count: number;
}): ZoneMemberList {
  return {
    members: list.rows.map((row) => ({
      _id: row.userId,
      username: row.username,
      role: row.role,
      since: row.since.toISOString(),
      answers: row.role === 'waiting' ? row.answers : [],
      remindedAt: row.role === 'waiting' ? (row.lastReminderAt?.toISOString() ?? null) : null,
    })),
    count: list.count,
  };
}

export function presentBanList(list: {
  rows: { userId: string; username: string; bannedAt: Date }[];
  count: number;
}): ZoneBanList {
  return {
    members: list.rows.map((row) => ({
      _id: row.userId,
      username: row.username,
      bannedAt: row.bannedAt.toISOString(),
    })),
    count: list.count,
  };
}

export function presentMember(row: {
  userId: string;
  username: string;
  role: ZoneRole | null;
  since: Date | null;
  banned: boolean;
}): ZoneMemberDetail {
  return {
    _id: row.userId,
    username: row.username,
    role: row.role,
    since: row.since?.toISOString() ?? null,
    banned: row.banned,
  };
}

type Invite = z.infer<typeof ZoneInviteSchema>;

export function presentInvite(row: InviteRow, token?: string): Invite {
  return {
    _id: row.id,
    ...(token ? { token } : {}),
    expiresAt: row.expiresAt.toISOString(),
    maxUses: row.maxUses,
    uses: row.uses,
    needsApproval: row.needsApproval,
    revoked: row.revokedAt !== null,
  };
}

export const presentInviteMade = ({ row, token }: InviteMade) => presentInvite(row, token);

/** A text's first words, up to `max` characters, cut between two words with "…". */
export function firstWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?]+$/, '')}…`;
}

/**
 * An invite's preview (GET /api/zones/by-invite/{token}): a private zone's title, name, cover and
 * count only; a public zone's description's first words too. Nothing of its feed, members or
 * questions.
 */
export function presentInvitePreview(
  { invite, context }: { invite: InviteRow; context: ZoneContext },
  covers: ZoneCovers,
): ZoneInvitePreview {
  const { zone } = context;
  const cover = zone.coverItemId ? covers.get(zone.coverItemId) : undefined;
  return {
    zone: {
      _id: zone.id,
      title: zone.title,
      name: zone.name,
      coverImage: cover ? presentItemImage(cover, zoneCoverBaseUrl(zone.id)) : null,
      access: zone.access,
      members: zone.members,
      description:
        zone.access === 'public' ? firstWords(zone.description, ZONE_INVITE_PREVIEW_TEXT_LENGTH) : null,
    },
    needsApproval: invite.needsApproval,
    expiresAt: invite.expiresAt.toISOString(),
    role: context.role,
    banned: context.banned,
  };
}
