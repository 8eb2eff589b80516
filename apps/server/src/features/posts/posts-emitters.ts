import type { AppDeps } from '../../deps.ts';
import type { Realtime } from '../../realtime/server.ts';
import { presentComment } from './comments/comments.presenter.ts';
import { presentPostMember } from './posts.presenter.ts';

/**
 * The posts feature's realtime emitters, subscribed by posts.module.ts: what its services tell after their
 * commits, presented for each member told, to the member's room `user:{id}` only. The services chose
 * the members: never one with a block either way with the other side (Z3).
 */
export function subscribePostsEvents(
  { events }: Pick<AppDeps, 'events'>,
  { io }: Pick<Realtime, 'io'>,
): void {
  const toUser = (userId: string) => io.to(`user:${userId}`);

  events.on('post.requested', ({ postId, authorId, requester }) => {
    toUser(authorId).emit('posts:request', {
      post: { _id: postId },
      requester: presentPostMember(requester),
    });
  });
  events.on('post.access.changed', ({ postId, userIds, access }) => {
    for (const userId of userIds) toUser(userId).emit('posts:access', { post: { _id: postId }, access });
  });
  events.on('post.commented', ({ comment, receiverIds }) => {
    // Each receiver sees what they may do with it (the post's author may delete it).
    for (const userId of receiverIds) {
      toUser(userId).emit('posts:comment', {
        post: { _id: comment.comment.postId },
        comment: presentComment({ ...comment, liked: false }, userId),
      });
    }
  });
  events.on('post.status.changed', ({ postId, authorId, status }) => {
    toUser(authorId).emit('posts:ready', { post: { _id: postId }, status });
  });
}
