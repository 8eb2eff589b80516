import type { ErrorCode } from '@motema/shared/errors';
import type { PhotoVariant } from '../../db/schema.ts';
import type { QueueSettings } from '../../jobs/queue.ts';

/**
 * The jobs of the media worker process (media-worker/main.ts, decision 0022): an upload's bytes are
 * stored beside where its variants will go, and a job names them. Each kind has its handler
 * (media-encoders.ts); video and audio join as kinds of their own.
 */
export const MEDIA_ENCODE_QUEUE = 'media-encode';

/**
 * Retried soon and few times: a member waits for the answer. A job whose worker died is failed by
 * the worker's supervisor at once; the expiry is the backstop when the whole node died with it.
 */
export const MEDIA_ENCODE_SETTINGS: QueueSettings = {
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 120,
  wakeWorkers: true,
};

/** An uploaded photo at `source` (inside `folder`), its type already found from its bytes. */
export type PhotoEncodeJob = { kind: 'photo'; source: string; folder: string; mime: string };
export type EncodeJob = PhotoEncodeJob;

/** What a photo's row keeps of its encoded variants, already stored under the job's folder. */
export type EncodedPhoto = {
  width: number;
  height: number;
  placeholder: string;
  variants: PhotoVariant[];
};

/** A refusal of the bytes (a 400 for the member) is an output, not a failure: it is never retried. */
export type EncodeOutput = { encodedBy: number } & (
  { ok: true; photo: EncodedPhoto } | { ok: false; code: ErrorCode }
);

/** The raw upload of a job, removed by the worker once its variants are stored. */
export const uploadSourceKey = (folder: string) => `${folder}upload`;
