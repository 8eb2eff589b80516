import type { DbOrTx } from '../../../db/client.ts';
import type { MediaItemRow, StoryRow } from '../../../db/schema.ts';
import { mediaItemsByIds } from '../../media/media-items.service.ts';
import { postMembers, reachableMembers, type PostMemberView } from '../post-members.service.ts';
import { countViews, findAllowed, type StoryListRow } from './stories.repository.ts';

/** A story as one viewer sees it, ready for the presenter; `views` and `allowed` for its author only. */
export type StoryView = {
  story: StoryRow;
  author: PostMemberView;
  item: MediaItemRow;
  seen: boolean;
  views: number | null;
  allowed: PostMemberView[] | null;
};

/**
 * The allow lists of the author's own private stories, as the author is shown them: members a block
 * has hidden since, or gone, left out (Z3).
 */
async function allowListsOf(db: DbOrTx, authorId: string, storyIds: readonly string[]) {
  const lists = await findAllowed(db, storyIds);
  const ids = [...new Set([...lists.values()].flat())];
  if (ids.length === 0) return new Map<string, PostMemberView[]>();
  const [reachable, members] = await Promise.all([reachableMembers(db, authorId, ids), postMembers(db, ids)]);
  const shown = new Set(reachable);
  return new Map(
    [...lists].map(([storyId, userIds]) => [
      storyId,
      userIds.flatMap((id) => {
        const member = shown.has(id) ? members.get(id) : undefined;
        return member ? [member] : [];
      }),
    ]),
  );
}

/**
 * Views of stories the viewer may see (their order kept), in a few queries whatever their number: the
 * media items, the authors, and the view counts of the viewer's own stories.
 */
export async function storyViewsOf(
  db: DbOrTx,
  viewerId: string,
  rows: readonly StoryListRow[],
): Promise<StoryView[]> {
  const own = rows.filter((row) => row.story.authorId === viewerId).map((row) => row.story);
  const ownIds = own.map((story) => story.id);
  const ownPrivate = own.filter((story) => story.visibility === 'private').map((story) => story.id);
  const [items, members, views, allowed] = await Promise.all([
    mediaItemsByIds(
      db,
      rows.map((row) => row.story.itemId),
    ),
    postMembers(
      db,
      rows.map((row) => row.story.authorId),
    ),
    countViews(db, viewerId, ownIds),
    allowListsOf(db, viewerId, ownPrivate),
  ]);
  return rows.flatMap(({ story, seen }): StoryView[] => {
    const author = members.get(story.authorId);
    const item = items.get(story.itemId);
    if (!author || !item) return [];
    const mine = story.authorId === viewerId;
    return [
      {
        story,
        author,
        item,
        seen: mine || seen,
        views: mine ? (views.get(story.id) ?? 0) : null,
        allowed: mine && story.visibility === 'private' ? (allowed.get(story.id) ?? []) : null,
      },
    ];
  });
}
