import type { PostMemberView } from '../../app-event-payloads.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PhotoRow } from '../../db/schema.ts';
import { avatarPhotos } from '../media/media.service.ts';
import * as repo from './post-members.repository.ts';

/** A member as posts, comments, requests and stories show them, with their avatar photo. */
export type { PostMemberView };

/**
 * Members by id with their avatars, in two queries whatever their number. The caller's own query
 * decided who may be shown; ids of missing members are absent from the map.
 */
export async function postMembers(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, PostMemberView>> {
  const rows = await repo.findMembers(db, [...new Set(ids)]);
  const photoIds = rows.flatMap((row) => (row.avatarPhotoId ? [row.avatarPhotoId] : []));
  const avatars = photoIds.length ? await avatarPhotos(db, photoIds) : new Map<string, PhotoRow>();
  return new Map(
    rows.map((row) => [
      row.id,
      { ...row, avatar: (row.avatarPhotoId && avatars.get(row.avatarPhotoId)) || null },
    ]),
  );
}

/** One member with their avatar (an event's requester), or undefined when gone. */
export async function postMember(db: DbOrTx, id: string): Promise<PostMemberView | undefined> {
  return (await postMembers(db, [id])).get(id);
}

/** Of `ids`, the members `viewerId` may name or tell: active, not themselves, no block either way. */
export function reachableMembers(db: DbOrTx, viewerId: string, ids: readonly string[]): Promise<string[]> {
  return repo.findReachableIds(db, viewerId, ids);
}

/** Whether the viewer may list the member's posts (404 user_not_found otherwise, as the profile). */
export async function canListMemberPosts(
  db: DbOrTx,
  viewerId: string | null,
  memberId: string,
): Promise<boolean> {
  return !!(await repo.findListableMember(db, viewerId, memberId));
}
