import type { LiveRendition } from '@motema/shared/lives';
import type { AppDeps } from '../../../deps.ts';
import { renditionsOf } from './live-encoder-args.ts';
import { liveFolder, liveKey } from './live-files.ts';
import { deleteLiveFrames } from './live-media.repository.ts';

/** The rendition a broadcaster may keep as a post: the best of its live (360p, or the audio). */
export const keptRenditionOf = (audioOnly: boolean): LiveRendition => (audioOnly ? 'audio' : '360p');

/**
 * Removes a live's files once it is over: all of them and its frames' rows, or with `keep` all but
 * its kept rendition's segments and its frames (until keep-as-post or LIVE_KEEP_HOURS remove them).
 */
export async function deleteLiveFiles(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  liveId: string,
  options: { keep: boolean; audioOnly?: boolean },
): Promise<void> {
  if (!options.keep) {
    await deps.storage.deletePrefix(liveFolder(liveId));
    await deleteLiveFrames(deps.db, liveId);
    return;
  }
  const kept = keptRenditionOf(options.audioOnly ?? false);
  for (const rendition of renditionsOf(false)) {
    if (rendition !== kept) await deps.storage.deletePrefix(liveKey(liveId, rendition));
  }
}
