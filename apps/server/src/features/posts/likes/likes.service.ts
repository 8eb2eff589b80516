import type { LikeState } from '@motema/shared/posts';
import type { AppDeps } from '../../../deps.ts';
import { clock } from '../../../lib/clock.ts';
import { reachComment } from '../comments/comments.service.ts';
import { reachPostContent } from '../post-access.service.ts';
import * as repo from './likes.repository.ts';

type LikesDeps = Pick<AppDeps, 'db'>;

/** PUT or DELETE /api/posts/{id}/like: only with access to the post's content; idempotent. */
export async function setPostLike(
  deps: LikesDeps,
  userId: string,
  postId: string,
  liked: boolean,
): Promise<LikeState> {
  return deps.db.transaction(async (tx) => {
    const { post } = await reachPostContent(tx, userId, postId, { lock: 'key share' });
    const likes = liked
      ? await repo.likePost(tx, post.id, userId, clock.now())
      : await repo.unlikePost(tx, post.id, userId);
    return { likes, liked };
  });
}

/** PUT or DELETE /api/comments/{id}/like: only on a comment the member may see; idempotent. */
export async function setCommentLike(
  deps: LikesDeps,
  userId: string,
  commentId: string,
  liked: boolean,
): Promise<LikeState> {
  return deps.db.transaction(async (tx) => {
    const { comment } = await reachComment(tx, userId, commentId, { keyShare: true });
    const likes = liked
      ? await repo.likeComment(tx, comment.id, userId, clock.now())
      : await repo.unlikeComment(tx, comment.id, userId);
    return { likes, liked };
  });
}
