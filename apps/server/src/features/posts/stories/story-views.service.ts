import type { DbOrTx } from '../../../db/client.ts';
import type { MediaItemRow, StoryRow } from '../../../db/schema.ts';
import { mediaItemsByIds } from '../../media/media-items.service.ts';
import { postMembers, type PostMemberView } from '../post-members.service.ts';
import { countViews, type StoryListRow } from './stories.repository.ts';

/** A story as one viewer sees it, ready for the presenter; `views` for its author only. */
export type StoryView = {
  story: StoryRow;
  author: PostMemberView;
  item: MediaItemRow;
  seen: boolean;
  views: number | null;
};

/**
 * Views of stories the viewer may see (their order kept), in a few queries whatever their number: the
 * media items, the authors, and the view counts of the viewer's own stories.
 */
export async function storyViewsOf(
  db: DbOrTx,
  viewerId: string,
  rows: readonly StoryListRow[],
): Promise<StoryView[]> {
  const own = rows.filter((row) => row.story.authorId === viewerId).map((row) => row.story.id);
  const [items, members, views] = await Promise.all([
    mediaItemsByIds(
      db,
      rows.map((row) => row.story.itemId),
    ),
    postMembers(
      db,
      rows.map((row) => row.story.authorId),
    ),
    countViews(db, viewerId, own),
  ]);
  return rows.flatMap(({ story, seen }): StoryView[] => {
    const author = members.get(story.authorId);
    const item = items.get(story.itemId);
    if (!author || !item) return [];
    const mine = story.authorId === viewerId;
    return [{ story, author, item, seen: mine || seen, views: mine ? (views.get(story.id) ?? 0) : null }];
  });
}
