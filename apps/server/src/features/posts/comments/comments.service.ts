import type { CommentView } from '../../../app-event-payloads.ts';
import { COMMENTS_PAGE_SIZE, type CommentCreate } from '@motema/shared/posts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { CommentRow } from '../../../db/schema.ts';
import type { AppDeps } from '../../../deps.ts';
import { forbidden } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { reachPostContent, type ReachedPost } from '../post-access.service.ts';
import { decodeCursor, encodeKey, pageOf } from '../post-cursor.ts';
import { postMember, postMembers, reachableMembers } from '../post-members.service.ts';
import { commentNotFound, isUuid, postNotFound } from '../posts-errors.ts';
import { canViewPost } from '../posts.policy.ts';
import { findPostFacts } from '../posts.repository.ts';
import * as repo from './comments.repository.ts';

type CommentsDeps = Pick<AppDeps, 'db' | 'events'>;

/** A comment ready for the presenter, which decides per viewer what they may do with it. */
export type { CommentView };
export type CommentViewPage = { comments: CommentView[]; next: string | null };

/** GET /api/posts/{id}/comments: oldest first, replies among them; only with access to the post. */
export async function listComments(
  db: Db,
  viewerId: string | null,
  postId: string,
  cursor: string | undefined,
): Promise<CommentViewPage> {
  const after = decodeCursor(cursor);
  const { post } = await reachPostContent(db, viewerId, postId);
  const rows = await repo.listPostComments(db, {
    viewerId,
    postId: post.id,
    after,
    limit: COMMENTS_PAGE_SIZE,
  });
  const page = pageOf(rows, COMMENTS_PAGE_SIZE, (row) => encodeKey(row.comment.createdAt, row.comment.id));
  const authors = await postMembers(
    db,
    page.rows.map((row) => row.comment.authorId),
  );
  return {
    comments: page.rows.flatMap((row) => {
      const author = authors.get(row.comment.authorId);
      return author ? [{ comment: row.comment, author, postAuthorId: post.authorId, liked: row.liked }] : [];
    }),
    next: page.next,
  };
}

/**
 * A comment the viewer may see, on a post whose content they may see now: 404 comment_not_found
 * otherwise (a malformed id, a block either way with its author, an allow list they left).
 */
export async function reachComment(
  tx: DbOrTx,
  viewerId: string,
  commentId: string,
  options: { keyShare?: boolean } = {},
) {
  const found = isUuid(commentId)
    ? await repo.findShownComment(tx, viewerId, commentId.toLowerCase(), options)
    : undefined;
  const facts = found && (await findPostFacts(tx, found.comment.postId, viewerId));
  if (!found || !facts || !canViewPost(viewerId, { ...facts, ...facts.post })) throw commentNotFound();
  return found;
}

/**
 * POST /api/posts/{id}/comments: a comment, or a reply (a reply to a reply hangs under its top-level
 * comment: one level). The post's author and the replied-to comment's author hear `posts:comment`,
 * unless a block stands between them and the commenter.
 */
export async function addComment(
  deps: CommentsDeps,
  authorId: string,
  postId: string,
  input: CommentCreate,
): Promise<CommentView> {
  const { row, post, receiverIds } = await deps.db.transaction(async (tx) => {
    const { post }: ReachedPost = await reachPostContent(tx, authorId, postId, { lock: 'key share' });
    let parent: CommentRow | undefined;
    if (input.parent) {
      parent = (await reachComment(tx, authorId, input.parent, { keyShare: true })).comment;
      if (parent.postId !== post.id) throw commentNotFound();
    }
    const now = clock.now();
    const row = await repo.insertComment(tx, {
      postId: post.id,
      authorId,
      parentId: parent ? (parent.parentId ?? parent.id) : null,
      text: input.text,
      createdAt: now,
    });
    await repo.countComments(tx, post.id, 1);
    // Told: the post's author, and a replied-to comment's author; never across a block with the
    // commenter, nor the post's author across a block with the replied-to comment's author (they
    // would be told of a reply under a comment hidden from them).
    let told = await reachableMembers(tx, authorId, [post.authorId, ...(parent ? [parent.authorId] : [])]);
    if (parent && parent.authorId !== post.authorId && told.includes(post.authorId)) {
      const seen = await reachableMembers(tx, parent.authorId, [post.authorId]);
      told = told.filter((id) => id !== post.authorId || seen.length > 0);
    }
    return { row, post, receiverIds: [...new Set(told)] };
  });
  const author = await postMember(deps.db, authorId);
  if (!author) throw postNotFound();
  const view: CommentView = { comment: row, author, postAuthorId: post.authorId, liked: false };
  if (receiverIds.length) await deps.events.emit('post.commented', { comment: view, receiverIds });
  return view;
}

/** PATCH /api/comments/{id}: its author only (403 for others who see it). */
export async function editComment(deps: CommentsDeps, userId: string, commentId: string, text: string) {
  return deps.db.transaction(async (tx) => {
    const found = await reachComment(tx, userId, commentId);
    if (found.comment.authorId !== userId) throw forbidden();
    const comment = await repo.updateCommentText(tx, found.comment.id, text, clock.now());
    const author = await postMember(tx, userId);
    if (!author) throw commentNotFound();
    return { comment, author, postAuthorId: found.postAuthorId, liked: found.liked } satisfies CommentView;
  });
}

/** DELETE /api/comments/{id}: its author or the post's author (403 for others); its replies go with it. */
export async function deleteComment(deps: CommentsDeps, userId: string, commentId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await reachComment(tx, userId, commentId);
    if (found.comment.authorId !== userId && found.postAuthorId !== userId) throw forbidden();
    const removed = await repo.deleteCommentThread(tx, found.comment.id);
    if (removed > 0) await repo.countComments(tx, found.comment.postId, -removed);
  });
}
