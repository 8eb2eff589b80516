import type { PhotoVariant } from '../../db/schema.ts';
import type { ModerationSubject } from '../../moderation-subjects-port.ts';
import { removeMediaItems } from '../media/media-items.service.ts';
import * as comments from './comments/comments.repository.ts';
import * as repo from './moderation-subjects.repository.ts';
import { lockPost } from './posts.repository.ts';
import { removePost } from './posts.service.ts';

/** The largest picture of a media item (a photo, or a video's poster), if it has one. */
function picture(item: { image: PhotoVariant[] | null }) {
  const widest = [...(item.image ?? [])].sort((a, b) => b.width - a.width)[0];
  return widest ? [{ key: widest.key, kind: 'photo' as const }] : [];
}

/**
 * The posts feature's moderation subjects (decision 0045): a post (its text and pictures), a comment
 * (its text) and a story (its caption and picture); removed as their author or a zone's admin would
 * remove them, files with them.
 */
export const postsModerationSubjects: readonly ModerationSubject[] = [
  {
    kind: 'post',
    async snapshot(db, id) {
      const post = await repo.findPost(db, id);
      if (!post) return undefined;
      const media = (await repo.postPictures(db, id)).flatMap(picture);
      return { memberId: post.authorId, text: post.text, media, profile: null };
    },
    async remove({ tx, jobs }, id) {
      const post = await lockPost(tx, id);
      if (!post) return false;
      await removePost(tx, jobs, post);
      return true;
    },
  },
  {
    kind: 'comment',
    async snapshot(db, id) {
      const comment = await repo.findComment(db, id);
      return comment && { memberId: comment.authorId, text: comment.text, media: [], profile: null };
    },
    async remove({ tx }, id) {
      const comment = await repo.findComment(tx, id);
      if (!comment) return false;
      const removed = await comments.deleteCommentThread(tx, id);
      if (removed > 0) await comments.countComments(tx, comment.postId, -removed);
      return removed > 0;
    },
  },
  {
    kind: 'story',
    async snapshot(db, id) {
      const story = await repo.findStory(db, id);
      return story && { memberId: story.authorId, text: story.caption, media: picture(story), profile: null };
    },
    async remove({ tx, jobs }, id) {
      const deleted = await repo.deleteStory(tx, id);
      if (deleted) await removeMediaItems(tx, jobs, [deleted.itemId]);
      return !!deleted;
    },
  },
];
