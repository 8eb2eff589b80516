import type { MediaUse } from '@motema/shared/posts';
import type { QueueSettings } from '../../jobs/queue.ts';
import { LONGEST_ENCODE_WALL_SECONDS } from './encode-budget.ts';

/**
 * Videos and audios of posts and stories are encoded asynchronously (unlike photos, whose upload
 * waits for its encode): the upload answers 202 with a `processing` media item, the media worker
 * works this queue (its own, so that a long video never holds up a photo upload), writes the item's
 * row (`ready` or `failed`), then sends MEDIA_PROCESSED_QUEUE so that the post or story waiting for
 * it follows.
 */
export const MEDIA_TRANSCODE_QUEUE = 'media-transcode';

/**
 * Few retries: a crash mid-encode is retried at once by the worker's supervisor; an upload ffmpeg
 * refuses, and an encode stopped by its limits (encode-budget.ts), are outcomes, never retried. An
 * expiry (the backstop when the whole node died) above the longest encode's own wall-clock limit.
 * The sender defines the queue too (`jobs.define`), so that its NOTIFY wakes the worker at once.
 */
export const MEDIA_TRANSCODE_SETTINGS: QueueSettings = {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: LONGEST_ENCODE_WALL_SECONDS + 10 * 60,
  wakeWorkers: true,
};

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
