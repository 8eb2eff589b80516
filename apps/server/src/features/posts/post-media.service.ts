import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServedFile } from '../../lib/served-file.ts';
import { openMediaItemFile } from '../media/media-items.service.ts';
import { isUuid } from './posts-errors.ts';
import { canViewPost } from './posts.policy.ts';
import { findPostFacts, isPostItem } from './posts.repository.ts';

/** Never a 403: a media URL tells nothing of the post behind it (Z5). */
const fileNotFound = () => new AppError(404, 'not_found');

/**
 * GET /api/posts/{postId}/media/{itemId}/{file}: a post's media file (Range), checked on every
 * request: served only when the viewer may see the post's content now (a visitor: public posts) and
 * the item is that post's; 404 otherwise.
 */
export async function openPostMediaFile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: {
    viewerId: string | null;
    postId: string;
    itemId: string;
    fileName: string;
    range?: string | undefined;
    ifNoneMatch?: string | undefined;
  },
): Promise<ServedFile> {
  if (!isUuid(input.postId) || !isUuid(input.itemId)) throw fileNotFound();
  const [postId, itemId] = [input.postId.toLowerCase(), input.itemId.toLowerCase()];
  const facts = await findPostFacts(deps.db, postId, input.viewerId);
  if (!facts || !canViewPost(input.viewerId, { ...facts, ...facts.post })) throw fileNotFound();
  if (!(await isPostItem(deps.db, postId, itemId))) throw fileNotFound();
  return openMediaItemFile(deps, {
    itemId,
    fileName: input.fileName,
    range: input.range,
    ifNoneMatch: input.ifNoneMatch,
  });
}
