import { STORIES_PER_DAY, STORY_LIFETIME_MS, VIDEO_MAX_SECONDS } from '@motema/shared/posts';
import type { StoryCreate } from '@motema/shared/story-create';
import type { DbOrTx } from '../../../db/client.ts';
import type { MediaItemRow } from '../../../db/schema.ts';
import type { AppDeps } from '../../../deps.ts';
import { badRequest, fieldIssue, invalidFields } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { conversationPartnerIds } from '../../chat/conversations/conversations.service.ts';
import { matchedMemberIds, userNotFound } from '../../discovery/ratings.service.ts';
import { claimMediaItems, removeMediaItems } from '../../media/media-items.service.ts';
import {
  canListMemberPosts,
  postMembers,
  reachableMembers,
  type PostMemberView,
} from '../post-members.service.ts';
import { isUuid } from '../posts-errors.ts';
import { storiesLimitReached, storyMediaUnsupported, storyNotFound } from './stories-errors.ts';
import { canViewStory } from './stories.policy.ts';
import * as repo from './stories.repository.ts';
import { DAY_MS, storyWaitMs } from './story-limits.ts';
import { storyViewsOf, type StoryView } from './story-views.service.ts';

export type StoriesDeps = Pick<AppDeps, 'db' | 'jobs'>;

/** The viewers list shows the latest this many (the count on the story counts them all). */
export const STORY_VIEWERS_MAX = 1000;

/** A story's media: a photo, or a video of VIDEO_MAX_SECONDS.story at most (the transcode refuses longer). */
function checkStoryMedia(item: MediaItemRow): void {
  if (item.kind !== 'photo' && item.kind !== 'video') throw storyMediaUnsupported();
  if (item.kind === 'video' && (item.durationMs ?? 0) > VIDEO_MAX_SECONDS.story * 1000) {
    throw badRequest('video_too_long');
  }
}

/**
 * Who a private story is for besides its author (themselves left out, each once): every member named
 * must be one of the author's matches or conversation partners, active and with no block either way;
 * else 400 post_allowed_invalid on `allowed`. A public story has no list.
 */
async function storyAllowList(db: DbOrTx, authorId: string, input: StoryCreate): Promise<string[]> {
  if (input.visibility === 'public') return [];
  const wanted = [...new Set(input.allowed.map((id) => id.toLowerCase()))].filter((id) => id !== authorId);
  if (wanted.length === 0) return [];
  const [matched, partners, reachable] = await Promise.all([
    matchedMemberIds(db, authorId),
    conversationPartnerIds(db, authorId),
    reachableMembers(db, authorId, wanted),
  ]);
  const ties = new Set([...matched, ...partners]);
  if (reachable.length !== wanted.length || wanted.some((id) => !ties.has(id))) {
    throw invalidFields(fieldIssue('allowed', 'post_allowed_invalid'));
  }
  return wanted;
}

/**
 * POST /api/stories: the member's upload (use 'story') becomes a story for STORY_LIFETIME_MS. The
 * limits count the member's stories of the last hour and day, under a lock of the member's own so
 * that stories sent at once are counted one after the other; the item is claimed in the same
 * transaction (a video still encoding makes a story others see once it is ready).
 */
export async function createStory(
  deps: StoriesDeps,
  authorId: string,
  input: StoryCreate,
): Promise<StoryView> {
  const allowed = await storyAllowList(deps.db, authorId, input);
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockAuthorStories(tx, authorId);
    const now = clock.now();
    const times = await repo.storyTimesSince(tx, authorId, new Date(now.getTime() - DAY_MS), STORIES_PER_DAY);
    const waitMs = storyWaitMs(times, now);
    if (waitMs > 0) throw storiesLimitReached(waitMs);
    const [item] = await claimMediaItems(tx, authorId, [input.media.toLowerCase()], 'story');
    checkStoryMedia(item!);
    return repo.insertStory(
      tx,
      {
        authorId,
        itemId: item!.id,
        visibility: input.visibility,
        caption: input.caption,
        createdAt: now,
        expiresAt: new Date(now.getTime() + STORY_LIFETIME_MS),
      },
      allowed,
    );
  });
  const [view] = await storyViewsOf(deps.db, authorId, [{ story: row, seen: true }]);
  if (!view) throw storyNotFound();
  return view;
}

/** The story as the viewer may see it now, or 404 story_not_found (stories.policy.ts). */
export async function reachStory(db: DbOrTx, viewerId: string, storyId: string): Promise<repo.StoryFactsRow> {
  if (!isUuid(storyId)) throw storyNotFound();
  const facts = await repo.findStoryFacts(db, storyId.toLowerCase(), viewerId);
  if (!facts || !canViewStory(viewerId, facts, clock.now())) throw storyNotFound();
  return facts;
}

/** The viewer's own story, or 404 story_not_found for anyone else's (nothing tells it exists). */
async function reachOwnStory(db: DbOrTx, authorId: string, storyId: string): Promise<repo.StoryFactsRow> {
  const facts = await reachStory(db, authorId, storyId);
  if (facts.authorId !== authorId) throw storyNotFound();
  return facts;
}

/** POST /api/stories/{id}/views: the viewer saw it (once; its author's own looks are not views). */
export async function recordStoryView(db: DbOrTx, viewerId: string, storyId: string): Promise<void> {
  const { story } = await reachStory(db, viewerId, storyId);
  if (story.authorId !== viewerId) await repo.insertView(db, story.id, viewerId, clock.now());
}

export type StoryViewerView = { member: PostMemberView; viewedAt: Date };

/** GET /api/stories/{id}/viewers: who saw the author's story, latest first (blocked members left out). */
export async function listStoryViewers(
  db: DbOrTx,
  authorId: string,
  storyId: string,
): Promise<StoryViewerView[]> {
  const { story } = await reachOwnStory(db, authorId, storyId);
  const rows = await repo.findViewers(db, authorId, story.id, STORY_VIEWERS_MAX);
  const members = await postMembers(
    db,
    rows.map((row) => row.viewerId),
  );
  return rows.flatMap((row) => {
    const member = members.get(row.viewerId);
    return member ? [{ member, viewedAt: row.viewedAt }] : [];
  });
}

/** DELETE /api/stories/{id}: the author's story goes, its media item and files with it. */
export async function deleteStory(deps: StoriesDeps, authorId: string, storyId: string): Promise<void> {
  if (!isUuid(storyId)) throw storyNotFound();
  await deps.db.transaction(async (tx) => {
    const deleted = await repo.deleteOwnStory(tx, authorId, storyId.toLowerCase());
    if (!deleted) throw storyNotFound();
    await removeMediaItems(tx, deps.jobs, [deleted.itemId]);
  });
}

/**
 * GET /api/users/{id}/stories: the member's stories the viewer may see, oldest first (their own
 * whatever their media's state). 404 user_not_found when the member cannot be listed (a block
 * either way, an inactive account), as their profile.
 */
export async function listMemberStories(
  db: DbOrTx,
  viewerId: string,
  memberId: string,
): Promise<StoryView[]> {
  if (!(await canListMemberPosts(db, viewerId, memberId))) throw userNotFound();
  const rows = await repo.findShownStories(db, viewerId, [memberId], clock.now());
  return storyViewsOf(db, viewerId, rows);
}
