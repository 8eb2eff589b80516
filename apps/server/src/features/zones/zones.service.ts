import { ZONE_LIST_COUNT_MAX, type ZoneCreate, type ZoneUpdate } from '@motema/shared/zones';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, fieldIssue, invalidFields } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import type { ServedFile } from '../../lib/served-file.ts';
import {
  claimMediaItems,
  mediaItemsByIds,
  openMediaItemFile,
  removeMediaItems,
} from '../media/media-items.service.ts';
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

/**
 * How coarse a zone's place is: a tenth of a degree (steps per degree), about 11 km of latitude
 * (less of longitude away from the equator), ten times the members' own grid (QUALITY Z4): a zone
 * says where it gathers, not where its creator lives.
 */
const ZONE_PLACE_STEPS_PER_DEGREE = 10;
const coarse = (degrees: number | undefined) =>
  degrees === undefined
    ? null
    : Math.round(degrees * ZONE_PLACE_STEPS_PER_DEGREE) / ZONE_PLACE_STEPS_PER_DEGREE;

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
    const creator = await repo.memberFactsOf(tx, userId);
    const now = clock.now();
    const zone = await repo.insertZone(tx, {
      title: input.title,
      name: input.name,
      description: input.description,
      coverItemId,
      access: input.access,
      questions: input.questions,
      language: creator.language,
      latitude: coarse(creator.at?.latitude),
      longitude: coarse(creator.at?.longitude),
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

/**
 * Popular zones that the viewer is not in, those of their language first, then the other languages'
 * (a language with few zones or none still gets suggestions); `near`: those placed within their
 * preferred distance of their position, whatever their language (none without a position).
 */
export async function suggestZones(
  db: DbOrTx,
  viewerId: string,
  page: repo.ZonePage & { near?: boolean | undefined },
): Promise<ZoneListed> {
  const viewer = await repo.memberFactsOf(db, viewerId);
  if (page.near) {
    if (!viewer.at) return { rows: [], count: 0 };
    return repo.listNear(db, viewerId, viewer.at, viewer.distanceKm, page);
  }
  const own = await repo.listSuggested(db, viewerId, viewer.language, page);
  // The page ends within the language's zones (or their count stopped at the maximum): no more to ask.
  if (own.count >= ZONE_LIST_COUNT_MAX || page.skip + page.limit <= own.count) return own;
  const elsewhere = await repo.listSuggestedElsewhere(db, viewerId, viewer.language, {
    ...page,
    skip: Math.max(0, page.skip - own.count),
    limit: page.limit - own.rows.length,
  });
  return {
    rows: [...own.rows, ...elsewhere.rows],
    count: Math.min(own.count + elsewhere.count, ZONE_LIST_COUNT_MAX),
  };
}

export function searchZones(
  db: DbOrTx,
  viewerId: string,
  text: string,
  page: repo.ZonePage,
): Promise<ZoneListed> {
  return repo.search(db, viewerId, text, page);
}

/** The cover photos of these zones, by item id: one lookup by primary key, none when no zone has one. */
export async function zoneCovers(db: DbOrTx, zones: readonly { coverItemId: string | null }[]) {
  const ids = zones.flatMap((zone) => (zone.coverItemId ? [zone.coverItemId] : []));
  return ids.length > 0 ? mediaItemsByIds(db, ids) : new Map<string, never>();
}

/**
 * GET /api/zones/{id}/cover/{file}: a file of the zone's cover photo (Range, If-None-Match), for
 * whoever may see its page (a visitor: a public zone); 404 otherwise, or without a cover.
 */
export async function openZoneCoverFile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: {
    viewerId: string | null;
    zoneId: string;
    fileName: string;
    range?: string | undefined;
    ifNoneMatch?: string | undefined;
  },
): Promise<ServedFile> {
  const { zone } = await getZone(deps.db, input.viewerId, input.zoneId);
  if (!zone.coverItemId) throw new AppError(404, 'not_found');
  return openMediaItemFile(deps, {
    itemId: zone.coverItemId,
    fileName: input.fileName,
    range: input.range,
    ifNoneMatch: input.ifNoneMatch,
  });
}
