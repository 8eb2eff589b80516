import type { ZoneCreate, ZoneUpdate } from '@motema/shared/zones';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, fieldIssue, invalidFields } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { claimMediaItems, removeMediaItems } from '../media/media-items.service.ts';
import { requireRight, zoneFor, type ZoneContext } from './zone-access.ts';
import type { ZoneAction } from './zones.policy.ts';
import * as members from './zone-members.repository.ts';
import * as repo from './zones.repository.ts';

export type ZonesDeps = Pick<AppDeps, 'db' | 'jobs' | 'env' | 'events'>;

const nameTaken = () => invalidFields(fieldIssue('name', 'zone_name_taken'));

/** 409 `zones_limit_reached` when the member is already in (or waiting for) the most zones allowed. */
export async function requireRoomForZone(tx: DbOrTx, env: AppDeps['env'], userId: string): Promise<void> {
  if ((await members.countMemberships(tx, userId)) >= env.ZONES_PER_MEMBER_MAX) {
    throw conflict('zones_limit_reached');
  }
}

/** A cover: one of the member's uploaded photos (use `post`), claimed by the zone. */
async function claimCover(tx: DbOrTx, userId: string, itemId: string): Promise<string> {
  const [item] = await claimMediaItems(tx, userId, [itemId], 'post');
  if (item?.kind !== 'photo') throw badRequest('media_not_found');
  return item.id;
}

/** Creates a zone, its creator its first admin (a taken name: the unique index says so). */
export async function createZone(
  { db, env }: ZonesDeps,
  userId: string,
  input: ZoneCreate,
): Promise<ZoneContext> {
  return db.transaction(async (tx) => {
    await requireRoomForZone(tx, env, userId);
    const coverItemId = input.cover ? await claimCover(tx, userId, input.cover) : null;
    const now = clock.now();
    const zone = await repo.insertZone(tx, {
      title: input.title,
      name: input.name,
      description: input.description,
      coverItemId,
      access: input.access,
      questions: input.questions,
      language: await repo.languageOf(tx, userId),
      createdBy: userId,
      createdAt: now,
    });
    if (!zone) throw nameTaken();
    const membership = await members.insertMember(tx, { zoneId: zone.id, userId, role: 'admin', since: now });
    return { zone, role: 'admin', banned: false, membership };
  });
}

/**
 * The admin changes the zone's settings. A new cover replaces the old one (whose files go); a zone
 * made public accepts every waiting request (each applicant is told, after the commit).
 */
export async function updateZone(
  { db, jobs, events }: ZonesDeps,
  userId: string,
  zoneId: string,
  patch: ZoneUpdate,
): Promise<ZoneContext> {
  const { updated, approved } = await db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, userId, true);
    requireRight(context, 'update');
    const { zone } = context;
    if (patch.name !== undefined && (await repo.nameTaken(tx, patch.name, zone.id))) throw nameTaken();
    const { cover, ...fields } = patch;
    let coverItemId = zone.coverItemId;
    if (cover !== undefined && cover !== zone.coverItemId) {
      coverItemId = cover ? await claimCover(tx, userId, cover) : null;
      if (zone.coverItemId) await removeMediaItems(tx, jobs, [zone.coverItemId]);
    }
    await repo.updateZone(tx, zone.id, { ...fields, coverItemId });
    const madePublic = zone.access === 'private' && patch.access === 'public';
    const accepted = madePublic ? await members.acceptWaiting(tx, zone.id, clock.now()) : [];
    await repo.adjustMembers(tx, zone.id, accepted.length);
    return { updated: await zoneFor(tx, zone.id, userId), approved: accepted };
  });
  for (const applicantId of approved) {
    await events.emit('zone.answered', { zoneId: updated.zone.id, userId: applicantId, approved: true });
  }
  return updated;
}

/**
 * The admin deletes the zone: its memberships, requests, bans, links and posts go with it, and the
 * files of its cover and of its posts' media (Z6, as a post's deletion removes them).
 */
export async function deleteZone({ db, jobs }: ZonesDeps, userId: string, zoneId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const context = await zoneFor(tx, zoneId, userId, true);
    requireRight(context, 'delete');
    const itemIds = await repo.findPostMediaIds(tx, context.zone.id);
    if (context.zone.coverItemId) itemIds.push(context.zone.coverItemId);
    await repo.deleteZone(tx, context.zone.id);
    await removeMediaItems(tx, jobs, itemIds);
  });
}

/**
 * The zone once the caller may do `action` in it (404 zone_not_found, 403 zone_not_allowed), its row
 * locked in a transaction with `lock`: the zone's feed (the posts feature) asks here.
 */
export async function zoneAllowing(
  db: DbOrTx,
  zoneId: string,
  callerId: string,
  action: ZoneAction,
  lock = false,
): Promise<repo.ZoneRow> {
  const context = await zoneFor(db, zoneId, callerId, lock);
  requireRight(context, action);
  return context.zone;
}

/** A zone's page, for a member, a non-member or (a public zone) a visitor. */
export async function getZone(db: DbOrTx, viewerId: string | null, zoneId: string): Promise<ZoneContext> {
  const context = await zoneFor(db, zoneId, viewerId);
  requireRight(context, 'view_page');
  return context;
}

export type ZoneListed = { rows: repo.ZoneWithRole[]; count: number };

export function listMyZones(db: DbOrTx, viewerId: string, page: repo.ZonePage): Promise<ZoneListed> {
  return repo.listMine(db, viewerId, page);
}

/** Popular zones of the viewer's language that they are not in. */
export async function suggestZones(db: DbOrTx, viewerId: string, page: repo.ZonePage): Promise<ZoneListed> {
  return repo.listSuggested(db, viewerId, await repo.languageOf(db, viewerId), page);
}

export function searchZones(
  db: DbOrTx,
  viewerId: string,
  text: string,
  page: repo.ZonePage,
): Promise<ZoneListed> {
  return repo.search(db, viewerId, text, page);
}
