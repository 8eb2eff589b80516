import type { AppDeps } from '../../deps.ts';
import { mediaItemsByIds } from '../media/media-items.service.ts';
import { announcePublished, postStatusOf } from './posts.service.ts';
import * as repo from './posts.repository.ts';

type ProcessedDeps = Pick<AppDeps, 'db' | 'events'>;
/** What the posts feature reads of a MediaProcessedJob (features/media/transcode-jobs.ts). */
type ProcessedItem = { itemId: string };

/**
 * A media item finished encoding (MEDIA_PROCESSED_QUEUE, sent by the media worker after it wrote
 * the item's row): the post carrying it takes the status its media give it now, under its row lock,
 * and its author hears `posts:ready` when it moved (and the app `post.published`, or `zone.posted`
 * for a zone's post, once ready). Safe to run twice: a status already followed
 * moves nothing and tells no one again. False when no post carries the item (a story's, or one not
 * claimed yet: the creation that claims it reads its status then).
 */
export async function postMediaProcessed(deps: ProcessedDeps, job: ProcessedItem): Promise<boolean> {
  const moved = await deps.db.transaction(async (tx) => {
    const postId = await repo.findPostIdOfItem(tx, job.itemId);
    const post = postId && (await repo.lockPost(tx, postId));
    if (!post) return null;
    const itemIds = (await repo.findMediaIds(tx, [post.id])).get(post.id) ?? [];
    const status = postStatusOf([...(await mediaItemsByIds(tx, itemIds)).values()]);
    if (status === post.status) return { post: null };
    return { post: await repo.updatePost(tx, post.id, { status }) };
  });
  if (moved === null) return false;
  const { post } = moved;
  if (post && post.status !== 'processing') {
    await deps.events.emit('post.status.changed', {
      postId: post.id,
      authorId: post.authorId,
      status: post.status,
    });
    await announcePublished(deps.events, post);
  }
  return true;
}

/**
 * The MEDIA_PROCESSED_QUEUE worker (posts.module.ts): one queue, one handler, so that each job is
 * seen by every side that needs it. Only posts keep a status of their own; a story shows its item's
 * status as it is (stories/), so an item no post carries needs nothing more here.
 */
export async function handleMediaProcessed(deps: ProcessedDeps, job: ProcessedItem): Promise<void> {
  await postMediaProcessed(deps, job);
}
