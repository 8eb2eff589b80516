import { AUDIO_MAX_SECONDS, VIDEO_MAX_SECONDS } from '@motema/shared/posts';
import type { LiveRendition } from '@motema/shared/lives';
import type { AppDeps } from '../../../deps.ts';
import { renditionsOf } from './live-encoder-args.ts';
import { liveFolder, liveKey } from './live-files.ts';
import { deleteLiveFrames } from './live-media.repository.ts';

/**
 * The renditions kept while a live is on air, for keep-as-post: its best picture (360p) and its
 * sound, or the sound alone. The sound is what a video live longer than a video post may be becomes.
 */
export const keptRenditionsOf = (audioOnly: boolean): LiveRendition[] =>
  audioOnly ? ['audio'] : ['360p', 'audio'];

/**
 * What a live of `seconds` is kept as: a video post of its 360p while a post's video may be that
 * long, else a podcast of its sound (a member's live of a few minutes is mostly talk), up to a
 * podcast's length; longer, nothing (`audio_too_long`, translated as the upload's error is).
 */
export function keptRenditionFor(audioOnly: boolean, seconds: number): LiveRendition | 'audio_too_long' {
  if (!audioOnly && seconds <= VIDEO_MAX_SECONDS.post) return '360p';
  return seconds <= AUDIO_MAX_SECONDS ? 'audio' : 'audio_too_long';
}

/**
 * Removes a live's files once it is over: all of them and its frames' rows, or with `keep` all but
 * its kept renditions' segments and its frames (until keep-as-post or LIVE_KEEP_HOURS remove them).
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
  const kept = keptRenditionsOf(options.audioOnly ?? false);
  for (const rendition of renditionsOf(false)) {
    if (!kept.includes(rendition)) await deps.storage.deletePrefix(liveKey(liveId, rendition));
  }
}
