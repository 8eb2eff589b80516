import { POSTS_PAGE_SIZE } from '@motema/shared/posts';
import type { DbOrTx } from '../../../db/client.ts';
import type { PhotoRow } from '../../../db/schema.ts';
import { loadViewer } from '../../discovery/user-lists.service.ts';
import { avatarPhotos } from '../../media/media.service.ts';
import { mediaItemsByIds } from '../../media/media-items.service.ts';
import { decodeCursor, encodeCursor, pageOf } from '../post-cursor.ts';
import { postMembers, type PostMemberView } from '../post-members.service.ts';
import { postAccessOf } from '../posts.policy.ts';
import type { PostViewPage } from '../posts.service.ts';
import type { PostView } from '../post-views.service.ts';
import { findFeedPage, type FeedRow } from './feed.repository.ts';

/**
 * GET /api/posts: the member's feed, newest first (feed.repository.ts says who is in it). Three
 * round trips whatever the page: the viewer's preferences, the page (one statement: the posts, their
 * authors, the viewer's likes, their media ids and, on the viewer's own private posts, the allow
 * list), then at once the authors' avatars and the media items (and the allowed members, when the
 * page holds the viewer's own private posts).
 */
export async function listFeed(
  db: DbOrTx,
  viewerId: string,
  cursor: string | undefined,
): Promise<PostViewPage> {
  const after = decodeCursor(cursor);
  const viewer = await loadViewer(db, viewerId);
  const rows = await findFeedPage(db, viewer, after, POSTS_PAGE_SIZE + 1);
  const page = pageOf(rows, POSTS_PAGE_SIZE, ({ post }) =>
    encodeCursor({ createdAt: post.createdAt, id: post.id }),
  );
  return { posts: await feedViews(db, viewerId, page.rows), next: page.next };
}

/** The page's rows as the posts presenter takes them. */
async function feedViews(db: DbOrTx, viewerId: string, rows: FeedRow[]): Promise<PostView[]> {
  const avatarIds = rows.flatMap((row) => (row.author.avatarPhotoId ? [row.author.avatarPhotoId] : []));
  const allowedIds = rows.flatMap((row) => row.allowedIds ?? []);
  const [avatars, items, allowedMembers] = await Promise.all([
    avatarIds.length ? avatarPhotos(db, [...new Set(avatarIds)]) : new Map<string, PhotoRow>(),
    mediaItemsByIds(
      db,
      rows.flatMap((row) => row.mediaIds),
    ),
    allowedIds.length ? postMembers(db, allowedIds) : new Map<string, PostMemberView>(),
  ]);
  return rows.map((row) => {
    const { post } = row;
    // The statement chose only posts that exist for the viewer: ready by an active author with no
    // block either way, or their own, never a zone's (feed.repository.ts); the policy names the access, and a private
    // post the viewer may not read is presented locked.
    const access = postAccessOf(viewerId, {
      ...post,
      authorActive: true,
      blocked: false,
      allowed: row.allowed,
      requested: row.requested,
      // The feed leaves zones' posts out (feed.repository.ts).
      zoneReadable: true,
    });
    return {
      post,
      access: access ?? 'none',
      liked: row.liked,
      comments: row.commentsSeen,
      author: {
        ...row.author,
        avatar: (row.author.avatarPhotoId && avatars.get(row.author.avatarPhotoId)) || null,
      },
      items: row.mediaIds.flatMap((id) => items.get(id) ?? []),
      allowed: row.allowedIds ? row.allowedIds.flatMap((id) => allowedMembers.get(id) ?? []) : null,
      zone: null,
    };
  });
}
