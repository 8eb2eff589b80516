import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import type { ServedFile } from '../../../lib/served-file.ts';
import { openMediaItemFile } from '../../media/media-items.service.ts';
import { isUuid } from '../posts-errors.ts';
import { canViewStory } from './stories.policy.ts';
import { findStoryFacts } from './stories.repository.ts';

/** Never a 403: a media URL tells nothing of the story behind it (Z5). */
const fileNotFound = () => new AppError(404, 'not_found');

/**
 * GET /api/stories/{storyId}/media/{itemId}/{file}: a story's media file (Range), checked on every
 * request: served only while the viewer may see the story (stories.policy.ts: not expired, no block,
 * ...) and the item is that story's; 404 otherwise.
 */
export async function openStoryMediaFile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: {
    viewerId: string;
    storyId: string;
    itemId: string;
    fileName: string;
    range?: string | undefined;
    ifNoneMatch?: string | undefined;
  },
): Promise<ServedFile> {
  if (!isUuid(input.storyId) || !isUuid(input.itemId)) throw fileNotFound();
  const [storyId, itemId] = [input.storyId.toLowerCase(), input.itemId.toLowerCase()];
  const facts = await findStoryFacts(deps.db, storyId, input.viewerId);
  if (!facts || facts.story.itemId !== itemId || !canViewStory(input.viewerId, facts, clock.now())) {
    throw fileNotFound();
  }
  return openMediaItemFile(deps, {
    itemId,
    fileName: input.fileName,
    range: input.range,
    ifNoneMatch: input.ifNoneMatch,
  });
}
