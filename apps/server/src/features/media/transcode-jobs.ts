import type { MediaUse } from '@motema/shared/posts';

/**
 * Videos and audios of posts and stories are encoded asynchronously (unlike photos, whose upload
 * waits for its encode): the upload answers 202 with a `processing` media item, the media worker
 * works this queue (its own, so that a long video never holds up a photo upload), writes the item's
 * row (`ready` or `failed`), then sends MEDIA_PROCESSED_QUEUE so that the post or story waiting for
 * it follows.
 */
export const MEDIA_TRANSCODE_QUEUE = 'media-transcode';

/** An uploaded video or audio at `source` (inside `folder`), for the media item `itemId`. */
export type TranscodeJob = {
  kind: 'video' | 'audio';
  itemId: string;
  source: string;
  folder: string;
  use: MediaUse;
};

/** Worked in the server process: the posts feature moves the post or story that carries the item. */
export const MEDIA_PROCESSED_QUEUE = 'media-item-processed';
export type MediaProcessedJob = { itemId: string; ownerId: string; status: 'ready' | 'failed' };
