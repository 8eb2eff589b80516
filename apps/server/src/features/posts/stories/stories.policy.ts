import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { MediaStatus, PostVisibility } from '@motema/shared/posts';
import { mediaItems, stories, storyAllowed, users } from '../../../db/schema.ts';
import { notBlockedWith } from '../../safety/safety.policy.ts';
import { canViewPost } from '../posts.policy.ts';

/**
 * Who may see a story. A story is, for its day, a post of its author shown to members only, public
 * or private: the posts' rule (canViewPost) decides, with the story's media item's status as the
 * post's status and its allow list as the post's, plus the two things only stories have: they end at
 * `expiresAt` (for everyone, their author too) and visitors never see them. So the author sees their
 * story whatever its media's state; anyone else a ready one, of an active author, with no block
 * between them either way (Z3), public or with them on its allow list. A private story has no locked
 * form: to anyone not allowed it does not exist (no request to see it: it lasts a day).
 *
 * storyShownTo is the same rule in SQL, for the queries that list stories (the tray, a member's
 * stories); stories-access.test.ts holds both forms to the same cases.
 */

/** What the rule needs to know of a story and of the viewer's relation to its author. */
export type StoryFacts = {
  authorId: string;
  expiresAt: Date;
  visibility: PostVisibility;
  /** The viewer is on the story's allow list. */
  allowed: boolean;
  /** The status of the story's media item: a video is `processing` until the media worker is done. */
  status: MediaStatus;
  authorActive: boolean;
  /** A block stands between the viewer and the author, either way. */
  blocked: boolean;
};

export function canViewStory(viewerId: string | null, story: StoryFacts, now: Date): boolean {
  if (viewerId === null || story.expiresAt.getTime() <= now.getTime()) return false;
  return canViewPost(viewerId, {
    authorId: story.authorId,
    visibility: story.visibility,
    status: story.status,
    authorActive: story.authorActive,
    blocked: story.blocked,
    allowed: story.allowed,
    requested: false,
    // A story is never a zone's.
    zoneReadable: true,
  });
}

/** The author is an active member (a primary-key lookup per story). */
export const storyAuthorActive = sql<boolean>`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${stories.authorId} AND ${users.status} = 'active')`;

/** The viewer is on the story's allow list (the primary key (story, user)). */
export function storyAllowedSql(viewerId: string): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${storyAllowed} WHERE ${storyAllowed.storyId} = ${stories.id} AND ${storyAllowed.userId} = ${viewerId})`;
}

/**
 * SQL of canViewStory over `stories` joined with its `media_items` row: the stories the viewer may
 * see at `now`.
 */
export function storyShownTo(viewerId: string, now: Date): SQL {
  return and(
    gt(stories.expiresAt, now),
    or(
      eq(stories.authorId, viewerId),
      and(
        eq(mediaItems.status, 'ready'),
        storyAuthorActive,
        notBlockedWith(viewerId, stories.authorId),
        or(eq(stories.visibility, 'public'), storyAllowedSql(viewerId)),
      ),
    ),
  )!;
}
