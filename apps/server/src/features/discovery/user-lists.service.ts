import { SWAP_CARD_PHOTOS, userListSize, type UserListQuery } from '@motema/shared/discovery';
import { MAX_LIST_LIMIT } from '@motema/shared/paging';
import type { DbOrTx } from '../../db/client.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { avatarPhotos, newestPhotosOf } from '../media/media.service.ts';
import { birthDateBounds } from './birth-date-bounds.ts';
import type { MemberView } from './discovery.presenter.ts';
import type { Viewer } from './discovery.policy.ts';
import { findAbouts, findViewerRow } from './members.repository.ts';
import type { CardRow } from './user-lists.repository.ts';
import * as lists from './user-lists.repository.ts';

/**
 * `count` is exact up to the end of the page plus this margin, and that number beyond it: enough to
 * tell whether another full page follows, without reading every matching member of a large list.
 * Counting costs in proportion to the cap (the viewer's matches are read until it is reached): with a
 * margin of 1,000 the count of the default list cost five times its page (QUALITY B1).
 */
export const COUNT_MARGIN = MAX_LIST_LIMIT;

/** The member behind a session with the preferences every list follows (ages as birth-date bounds). */
export async function loadViewer(db: DbOrTx, userId: string): Promise<Viewer> {
  const row = await findViewerRow(db, userId);
  if (!row) throw unauthorized();
  const bounds = birthDateBounds(clock.now(), row.matchAgeMin, row.matchAgeMax);
  return {
    id: row.id,
    matchSex: row.matchSex,
    ...bounds,
    matchDistanceKm: row.matchDistance,
    latitude: row.latitude,
    longitude: row.longitude,
    verifiedOnly: row.matchVerifiedOnly,
  };
}

/**
 * Cards with their avatar photos, found in one query for the whole page (no query per card). The rows given
 * (a query's own, used once) gain the `avatar` field and are returned.
 */
export async function withAvatars<Row extends CardRow>(
  db: DbOrTx,
  rows: Row[],
): Promise<(Row & Pick<MemberView, 'avatar'>)[]> {
  const ids = rows.flatMap((row) => (row.avatarPhotoId ? [row.avatarPhotoId] : []));
  const avatars = ids.length ? await avatarPhotos(db, ids) : new Map();
  // The rows are the query's own fresh objects: adding the avatar to each costs far less than a copy.
  return rows.map((row) =>
    Object.assign(row, { avatar: (row.avatarPhotoId && avatars.get(row.avatarPhotoId)) || null }),
  );
}

/**
 * GET /api/users: one page of a keyed list (SPEC.md section 3) following the viewer's preferences.
 * The page size defaults to, and is capped by, the list's size (SPEC.md section 9).
 */
export async function listUsers(
  db: DbOrTx,
  viewerId: string,
  query: UserListQuery,
): Promise<{ members: MemberView[]; count: number }> {
  const viewer = await loadViewer(db, viewerId);
  const size = userListSize(query.filter);
  const limit = Math.min(query.limit ?? size, size);
  const request = {
    filter: query.filter,
    sort: query.sort ?? '-lastActivity',
    unrated: query.unrated ?? false,
  };
  const [rows, count] = await Promise.all([
    lists.listMembers(db, viewer, request, { skip: query.skip, limit }),
    lists.countMembers(db, viewer, request, query.skip + limit + COUNT_MARGIN),
  ]);
  const members = await withAvatars(db, rows);
  return { members: request.unrated ? await withDeckExtras(db, members) : members, count };
}

/**
 * The swap deck's cards also leaf through a few photos and show a bio line: the avatar first, then
 * the newest others (SWAP_CARD_PHOTOS in all), and the about text; two queries for the whole page.
 */
async function withDeckExtras(db: DbOrTx, members: MemberView[]): Promise<MemberView[]> {
  const ids = members.map((member) => member.id);
  const [photos, abouts] = await Promise.all([
    newestPhotosOf(db, ids, SWAP_CARD_PHOTOS),
    findAbouts(db, ids),
  ]);
  return members.map((member) => {
    const others = (photos.get(member.id) ?? []).filter((photo) => photo.id !== member.avatar?.id);
    const leaf = member.avatar ? [member.avatar, ...others] : others;
    return Object.assign(member, {
      deck: { photos: leaf.slice(0, SWAP_CARD_PHOTOS), about: abouts.get(member.id) ?? '' },
    });
  });
}
