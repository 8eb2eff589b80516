import type { DbOrTx } from '../../db/client.ts';
import type { ReportTargets } from '../safety/safety.service.ts';
import { reachComment } from './comments/comments.service.ts';
import { reachPost } from './post-access.service.ts';
import { commentNotFound, postNotFound } from './posts-errors.ts';
import { reachStory } from './stories/stories.service.ts';
import { storyNotFound } from './stories/stories-errors.ts';

/**
 * The safety feature's report targets (provided by posts.module.ts): a post that exists for the reporter (a
 * locked one too: its author and kind are what they see), or a comment or a story they may see, by
 * the member the report names. 404 post_not_found or comment_not_found otherwise, the
 * same whether it does not exist, is hidden from the reporter or is someone else's.
 */
export const postReportTargets: ReportTargets = {
  async requireTarget(tx: DbOrTx, reporterId, target) {
    if (target.story) {
      const story = await reachStory(tx, reporterId, target.story);
      if (story.authorId !== target.user) throw storyNotFound();
      return;
    }
    if (target.comment) {
      const { comment } = await reachComment(tx, reporterId, target.comment);
      if (comment.authorId !== target.user) throw commentNotFound();
      return;
    }
    if (target.post) {
      const { post } = await reachPost(tx, reporterId, target.post);
      if (post.authorId !== target.user) throw postNotFound();
    }
  },
};
