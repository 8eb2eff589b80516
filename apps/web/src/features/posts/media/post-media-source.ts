import type { MediaItem } from '@motema/shared/posts';

/**
 * The file a video or a podcast plays: the data saver's (a video's ~240p) when data saver is on,
 * else the standard one; a podcast has only the standard one.
 */
export function mediaSource(media: MediaItem, saving: boolean) {
  const wanted = saving ? 'saver' : 'standard';
  return media.sources.find((source) => source.quality === wanted) ?? media.sources[0] ?? null;
}

/** "1.2" (MB, one decimal): what a tap will cost, said before it with data saver on. */
export const megabytes = (bytes: number) => Math.max(0.1, bytes / 1_000_000).toFixed(1);
