import type { PostAccess } from '@motema/shared/posts';
import type { DbOrTx } from '../../db/client.ts';
import type { MediaItemRow, PostRow } from '../../db/schema.ts';
import { mediaItemsByIds } from '../media/media-items.service.ts';
import type { ReachedPost } from './post-access.service.ts';
import { postMembers, reachableMembers, type PostMemberView } from './post-members.service.ts';
import { findAllowedIdsOf, findMediaIds } from './posts.repository.ts';

/**
 * A post as one viewer sees it, ready for the presenter: its media only when the viewer may see them
 * (never for a locked post, Z5), its allow list only for its author.
 */
export type PostView = {
  post: PostRow;
  access: PostAccess;
  liked: boolean;
  /** How many of its comments the viewer sees (comments.repository.ts commentsSeenBy). */
  comments: number;
  author: PostMemberView;
  items: MediaItemRow[];
  allowed: PostMemberView[] | null;
  /** The post's zone, and whether the viewer may remove its posts and comments (null outside zones). */
  zone: { id: string; moderator: boolean } | null;
};

const seesContent = (access: PostAccess) => access === 'author' || access === 'allowed';

/** Views of posts the viewer reached (in their order), in a few queries whatever their number. */
export async function postViews(db: DbOrTx, reached: readonly ReachedPost[]): Promise<PostView[]> {
  const open = reached.filter((row) => seesContent(row.access));
  const mediaIds = await findMediaIds(
    db,
    open.filter((row) => row.post.mediaCount > 0).map((row) => row.post.id),
  );
  const items = await mediaItemsByIds(db, [...mediaIds.values()].flat());
  const ownPrivate = reached.filter((row) => row.access === 'author' && row.post.visibility === 'private');
  const allowedIds = await findAllowedIdsOf(
    db,
    ownPrivate.map((row) => row.post.id),
  );
  // The author's own view of their allow lists: never a member hidden from them by a block (Z3).
  const [viewer] = ownPrivate;
  const shown = new Set(
    viewer ? await reachableMembers(db, viewer.post.authorId, [...allowedIds.values()].flat()) : [],
  );
  const members = await postMembers(db, [
    ...reached.map((row) => row.post.authorId),
    ...[...allowedIds.values()].flat(),
  ]);
  return reached.flatMap((row): PostView[] => {
    const author = members.get(row.post.authorId);
    if (!author) return [];
    const ids = seesContent(row.access) ? (mediaIds.get(row.post.id) ?? []) : [];
    const allowed = ownPrivate.includes(row) ? (allowedIds.get(row.post.id) ?? []) : undefined;
    return [
      {
        post: row.post,
        access: row.access,
        liked: row.liked,
        comments: row.commentsSeen,
        author,
        items: ids.flatMap((id) => items.get(id) ?? []),
        allowed: allowed ? allowed.flatMap((id) => (shown.has(id) ? (members.get(id) ?? []) : [])) : null,
        zone: row.post.zoneId ? { id: row.post.zoneId, moderator: row.zoneModerator } : null,
      },
    ];
  });
}

/** One post's view (see postViews). */
export async function postView(db: DbOrTx, reached: ReachedPost): Promise<PostView> {
  const [view] = await postViews(db, [reached]);
  if (!view) throw new Error(`the author of post ${reached.post.id} is gone`);
  return view;
}
