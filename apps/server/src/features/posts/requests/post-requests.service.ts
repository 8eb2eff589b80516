import { POST_REQUESTS_PAGE_SIZE, type PostKind } from '@motema/shared/posts';
import type { Db } from '../../../db/client.ts';
import type { AppDeps } from '../../../deps.ts';
import { clock } from '../../../lib/clock.ts';
import { insertAllowed } from '../posts.repository.ts';
import { lockOwn, reachPost } from '../post-access.service.ts';
import { decodeKey, encodeKey, pageOf } from '../post-cursor.ts';
import { postMember, postMembers, reachableMembers, type PostMemberView } from '../post-members.service.ts';
import { isUuid, postAlreadyAllowed, postAlreadyRequested, postRequestNotFound } from '../posts-errors.ts';
import * as repo from './post-requests.repository.ts';

type RequestsDeps = Pick<AppDeps, 'db' | 'events'>;

/**
 * POST /api/posts/{id}/requests: a member asks to see a private post they see locked. 409 when they
 * may see it already (an author, a public post, on the allow list) or asked already; 404 when the
 * post does not exist for them. Its author hears `posts:request`.
 */
export async function requestAccess(deps: RequestsDeps, requesterId: string, postId: string): Promise<void> {
  const post = await deps.db.transaction(async (tx) => {
    const reached = await reachPost(tx, requesterId, postId, { lock: 'update' });
    if (reached.access === 'author' || reached.access === 'allowed') throw postAlreadyAllowed();
    if (!(await repo.insertRequest(tx, reached.post.id, requesterId, clock.now())))
      throw postAlreadyRequested();
    return reached.post;
  });
  const requester = await postMember(deps.db, requesterId);
  if (requester) {
    await deps.events.emit('post.requested', { postId: post.id, authorId: post.authorId, requester });
  }
}

/** DELETE /api/posts/{id}/requests: the member withdraws their own request (none waiting is fine). */
export async function withdrawRequest(
  deps: RequestsDeps,
  requesterId: string,
  postId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const reached = await reachPost(tx, requesterId, postId, { lock: 'update' });
    await repo.deleteRequest(tx, reached.post.id, requesterId);
  });
}

/**
 * POST /api/posts/{id}/requests/{userId} (the post's author only, 404 for anyone else): accepting
 * puts the requester on the allow list, declining removes the request (they may ask again later).
 * The requester hears `posts:access`. A request of a member now blocked either way, or gone, is no
 * longer waiting: 404 post_request_not_found.
 */
export async function decideRequest(
  deps: RequestsDeps,
  authorId: string,
  postId: string,
  requesterId: string,
  decision: 'accept' | 'decline',
): Promise<void> {
  const post = await deps.db.transaction(async (tx) => {
    const own = await lockOwn(tx, authorId, postId);
    const requester = isUuid(requesterId) ? requesterId.toLowerCase() : undefined;
    if (!requester || (await reachableMembers(tx, authorId, [requester])).length === 0) {
      throw postRequestNotFound();
    }
    if (!(await repo.deleteRequest(tx, own.id, requester))) throw postRequestNotFound();
    if (decision === 'accept') await insertAllowed(tx, own.id, [requester], clock.now());
    return own;
  });
  await deps.events.emit('post.access.changed', {
    postId: post.id,
    userIds: [requesterId.toLowerCase()],
    access: decision === 'accept' ? 'allowed' : 'none',
  });
}

export type PostRequestView = {
  post: { id: string; kind: PostKind; text: string };
  requester: PostMemberView;
  createdAt: Date;
};
export type PostRequestViewPage = { requests: PostRequestView[]; next: string | null; count: number };

/** GET /api/posts/requests: the requests waiting on the author's posts, newest first. */
export async function listRequests(
  db: Db,
  authorId: string,
  cursor: string | undefined,
): Promise<PostRequestViewPage> {
  const key = cursor === undefined ? undefined : decodeKey(cursor, 2);
  const after = key && { createdAt: key.createdAt, postId: key.ids[0]!, requesterId: key.ids[1]! };
  const [rows, waiting] = await Promise.all([
    repo.listWaitingRequests(db, authorId, after, POST_REQUESTS_PAGE_SIZE),
    repo.countWaitingRequests(db, authorId),
  ]);
  const page = pageOf(rows, POST_REQUESTS_PAGE_SIZE, (row) =>
    encodeKey(row.createdAt, row.postId, row.requesterId),
  );
  const members = await postMembers(
    db,
    page.rows.map((row) => row.requesterId),
  );
  return {
    requests: page.rows.flatMap((row) => {
      const requester = members.get(row.requesterId);
      if (!requester) return [];
      return [
        { post: { id: row.postId, kind: row.kind, text: row.text }, requester, createdAt: row.createdAt },
      ];
    }),
    next: page.next,
    count: waiting,
  };
}
