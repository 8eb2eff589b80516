import type { PostAccess } from '@motema/shared/posts';
import type { DbOrTx } from '../../db/client.ts';
import type { PostRow } from '../../db/schema.ts';
import { isUuid, postIdInvalid, postNotAllowed, postNotFound } from './posts-errors.ts';
import { postAccessOf } from './posts.policy.ts';
import { findPostFacts, lockOwnPost, type PostFactsRow, type RowLock } from './posts.repository.ts';
import { isDiscreet } from './post-members.repository.ts';
import { postView, type PostView } from './post-views.service.ts';

/** A post as one viewer may reach it, with their access (never null: hidden posts are a 404). */
export type ReachedPost = PostFactsRow & { access: PostAccess };

/**
 * The post as the viewer may see it: 400 post_id_invalid for what cannot be an id, 404
 * post_not_found when it does not exist for them (posts.policy.ts). `lock` takes a row lock on the
 * post with the read (RowLock: what a request, a comment or a like need of it).
 */
export async function reachPost(
  db: DbOrTx,
  viewerId: string | null,
  postId: string,
  { lock }: { lock?: RowLock } = {},
): Promise<ReachedPost> {
  if (!isUuid(postId)) throw postIdInvalid();
  const facts = await findPostFacts(db, postId.toLowerCase(), viewerId, { lock });
  const access = facts && postAccessOf(viewerId, { ...facts, ...facts.post });
  if (!facts || !access) throw postNotFound();
  return { ...facts, access };
}

/**
 * The post whose content the viewer may see (read or write its comments, like it, open its media):
 * as reachPost, and 403 post_not_allowed on a private post they are not allowed to see.
 */
export async function reachPostContent(
  db: DbOrTx,
  viewerId: string | null,
  postId: string,
  options: { lock?: RowLock } = {},
): Promise<ReachedPost> {
  const reached = await reachPost(db, viewerId, postId, options);
  if (reached.access !== 'author' && reached.access !== 'allowed') throw postNotAllowed();
  return reached;
}

/** The author's own post, locked for a change; 404 for anyone else (it tells nothing to others). */
export async function lockOwn(tx: DbOrTx, authorId: string, postId: string): Promise<PostRow> {
  if (!isUuid(postId)) throw postIdInvalid();
  const post = await lockOwnPost(tx, authorId, postId.toLowerCase());
  if (!post) throw postNotFound();
  return post;
}

/**
 * A post as a visitor sees it whole (reachPost's rule with no viewer: a public, ready post of an
 * active author, outside zones), unless its author is in discreet mode; undefined otherwise. For a
 * shared link's preview, which names the author where the link travels.
 */
export async function visitorPost(db: DbOrTx, postId: string): Promise<PostView | undefined> {
  if (!isUuid(postId)) return undefined;
  const facts = await findPostFacts(db, postId.toLowerCase(), null);
  if (!facts || postAccessOf(null, { ...facts, ...facts.post }) !== 'allowed') return undefined;
  const [discreet, view] = await Promise.all([
    isDiscreet(db, facts.post.authorId),
    postView(db, { ...facts, access: 'allowed' }),
  ]);
  return discreet ? undefined : view;
}
