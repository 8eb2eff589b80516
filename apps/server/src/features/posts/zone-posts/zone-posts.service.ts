import { POSTS_PAGE_SIZE } from '@motema/shared/posts';
import type { ZonePostCreate } from '@motema/shared/zones';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { PostRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { zoneAllowing } from '../../zones/zones.service.ts';
import * as comments from '../comments/comments.repository.ts';
import { reachPost } from '../post-access.service.ts';
import { decodeCursor } from '../post-cursor.ts';
import { canListMemberPosts } from '../post-members.service.ts';
import { postView, type PostView } from '../post-views.service.ts';
import { commentNotFound, isUuid, postNotFound } from '../posts-errors.ts';
import * as repo from '../posts.repository.ts';
import {
  announcePublished,
  insertPostWithMedia,
  removePost,
  type PostsDeps,
  type PostViewPage,
  viewPage,
} from '../posts.service.ts';

/**
 * A zone's feed (docs/zones.md): its posts, a member's posts in it, posting, and its admins' and
 * managers' removals. Who may do what in the zone is the zones feature's (zones.policy.ts, asked
 * through zones.service.ts's zoneAllowing: 404 zone_not_found, 403 zone_not_allowed); who sees a post is this
 * feature's one rule (posts.policy.ts), which embeds the zone's.
 */

/** GET /api/zones/{id}/posts: the zone's posts, newest first, for those who may read its feed. */
export async function listZoneFeed(
  db: Db,
  viewerId: string,
  zoneId: string,
  cursor: string | undefined,
): Promise<PostViewPage> {
  const after = decodeCursor(cursor);
  const zone = await zoneAllowing(db, zoneId, viewerId, 'read_feed');
  const rows = await repo.listZonePosts(db, { viewerId, zoneId: zone.id, after, limit: POSTS_PAGE_SIZE });
  return viewPage(db, viewerId, rows);
}

/**
 * GET /api/zones/{id}/members/{user}/posts: a member's posts in the zone (theirs still when they have
 * left it); 404 user_not_found as their profile across a block or for an account not active.
 */
export async function listZoneMemberPosts(
  db: Db,
  viewerId: string,
  zoneId: string,
  memberId: string,
  cursor: string | undefined,
): Promise<PostViewPage> {
  const after = decodeCursor(cursor);
  const zone = await zoneAllowing(db, zoneId, viewerId, 'read_feed');
  if (!(await canListMemberPosts(db, viewerId, memberId))) throw new AppError(404, 'user_not_found');
  const rows = await repo.listAuthorPosts(db, {
    viewerId,
    authorId: memberId,
    zoneId: zone.id,
    after,
    limit: POSTS_PAGE_SIZE,
  });
  return viewPage(db, viewerId, rows);
}

/**
 * POST /api/zones/{id}/posts: a member of the zone posts in it (the rules of POST /api/posts; public
 * within the zone). `zone.posted` once it is ready.
 */
export async function createZonePost(
  deps: PostsDeps,
  authorId: string,
  zoneId: string,
  input: ZonePostCreate,
): Promise<PostView> {
  const post = await deps.db.transaction(async (tx) => {
    const zone = await zoneAllowing(tx, zoneId, authorId, 'post', true);
    return insertPostWithMedia(tx, authorId, input, zone.id);
  });
  await announcePublished(deps.events, post);
  return postView(deps.db, await reachPost(deps.db, authorId, post.id));
}

/** The zone's post, locked, once the caller may remove posts there; 404 post_not_found elsewhere. */
async function moderatedPost(tx: DbOrTx, callerId: string, zoneId: string, postId: string): Promise<PostRow> {
  const zone = await zoneAllowing(tx, zoneId, callerId, 'remove_post', true);
  const post = isUuid(postId) ? await repo.lockZonePost(tx, zone.id, postId.toLowerCase()) : undefined;
  if (!post) throw postNotFound();
  return post;
}

/** DELETE /api/zones/{id}/posts/{post}: an admin or a manager removes a post, its media files with it. */
export async function removeZonePost(
  deps: PostsDeps,
  callerId: string,
  zoneId: string,
  postId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) =>
    removePost(tx, deps.jobs, await moderatedPost(tx, callerId, zoneId, postId)),
  );
}

/** DELETE /api/zones/{id}/posts/{post}/comments/{comment}: an admin or a manager removes a comment and its replies. */
export async function removeZoneComment(
  deps: PostsDeps,
  callerId: string,
  zoneId: string,
  postId: string,
  commentId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const post = await moderatedPost(tx, callerId, zoneId, postId);
    const comment = isUuid(commentId)
      ? await comments.findCommentOnPost(tx, post.id, commentId.toLowerCase())
      : undefined;
    if (!comment) throw commentNotFound();
    const removed = await comments.deleteCommentThread(tx, comment.id);
    if (removed > 0) await comments.countComments(tx, post.id, -removed);
  });
}
