import type { DbOrTx } from '../../../db/client.ts';
import { clock } from '../../../lib/clock.ts';
import { conversationPartnerIds } from '../../chat/conversations/conversations.service.ts';
import { matchedMemberIds } from '../../discovery/ratings.service.ts';
import { loadViewer } from '../../discovery/user-lists.service.ts';
import type { PostMemberView } from '../post-members.service.ts';
import * as repo from './stories.repository.ts';
import { storyViewsOf, type StoryView } from './story-views.service.ts';

/** Members the tray shows at most. */
export const STORY_TRAY_MEMBERS = 50;

export type StoryTrayView = { member: PostMemberView; stories: StoryView[]; unseen: boolean }[];

/**
 * GET /api/stories: home's tray. The stories the viewer may see (stories.policy.ts) of the viewer,
 * their matches, the members they have a conversation with, and members near them who fit their
 * preferences (stories.repository.ts's audience); STORY_TRAY_MEMBERS members at most: the viewer
 * first, then members with a story the viewer has not seen, then the rest, each group by its newest
 * story. Each member's stories oldest first, the order they play in.
 */
export async function storyTray(db: DbOrTx, viewerId: string): Promise<StoryTrayView> {
  const now = clock.now();
  const [viewer, matched, partners] = await Promise.all([
    loadViewer(db, viewerId),
    matchedMemberIds(db, viewerId),
    conversationPartnerIds(db, viewerId),
  ]);
  const authors = await repo.findTrayAuthors(
    db,
    { viewer, memberIds: [...new Set([...matched, ...partners])] },
    now,
    STORY_TRAY_MEMBERS,
  );
  const rows = await repo.findShownStories(
    db,
    viewerId,
    authors.map((author) => author.authorId),
    now,
  );
  const views = await storyViewsOf(db, viewerId, rows);
  return authors.flatMap((author) => {
    const stories = views.filter((view) => view.story.authorId === author.authorId);
    const [first] = stories;
    if (!first) return [];
    return [{ member: first.author, stories, unseen: author.authorId !== viewerId && author.unseen }];
  });
}
