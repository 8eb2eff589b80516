import { Readable } from 'node:stream';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import {
  MEDIA_ENCODE_QUEUE,
  MEDIA_ENCODE_SETTINGS,
  uploadSourceKey,
  type EncodedPhoto,
  type EncodeJob,
  type EncodeOutput,
} from './encode-jobs.ts';
import { inspectPhoto, photoUnreadable } from './photo-pipeline.ts';

/**
 * Uploads' encoding, from the request's side (decision 0022): the bytes are stored where the media
 * worker process reads them, a job is sent, and the request waits for its output, so the upload
 * routes answer as SPEC.md says (201 with the encoded photo) while no encode runs in this process.
 */
export type EncodingDeps = Pick<AppDeps, 'jobs' | 'storage'>;

/** How long an upload waits for its encode (a 12 MP photo takes about a second) before a 503. */
export const ENCODE_WAIT_MS = 60_000;
/**
 * After a request gave up, its folder is removed once no worker can still write in it: a job is
 * cancelled (no retry) and an active one expires within MEDIA_ENCODE_SETTINGS.expireInSeconds.
 */
const ABANDONED_REMOVAL_DELAY_SECONDS = 2 * MEDIA_ENCODE_SETTINGS.expireInSeconds;

/** The upload's type is known once its stored bytes are checked; the job carries it. */
const UNCHECKED_TYPE = 'application/octet-stream';

const unavailable = () => new AppError(503, 'service_unavailable', { headers: { 'retry-after': '30' } });

/**
 * Encodes an uploaded photo in the media worker; its variants are then stored under `folder`, a fresh
 * folder of the caller's (who removes it if anything later fails). The upload's chunks go to storage
 * as they arrive (the worker reads them there): this process never holds a whole photo (decision
 * 0068). The stored bytes are checked (`inspectPhoto`) before the job is sent. Refused bytes throw
 * the pipeline's 400 (a failure of `chunks`, such as a size limit, as it is); a job that failed for
 * good, or an answer that takes longer than ENCODE_WAIT_MS, a 503. `scheduleRemoval` is the caller's
 * durable removal of `folder`.
 */
export async function encodePhotoUpload(
  deps: EncodingDeps,
  input: {
    chunks: AsyncIterable<Buffer>;
    folder: string;
    scheduleRemoval: (folder: string, delaySeconds: number) => Promise<void>;
  },
): Promise<{ photo: EncodedPhoto; mime: string; bytes: number }> {
  deps.jobs.define(MEDIA_ENCODE_QUEUE, MEDIA_ENCODE_SETTINGS);
  const source = uploadSourceKey(input.folder);
  const bytes = await deps.storage.putStream(source, Readable.from(input.chunks), UNCHECKED_TYPE);
  const { mime } = await inspectStoredPhoto(deps.storage, source);
  const job: EncodeJob = { kind: 'photo', source, folder: input.folder, mime };
  const id = await deps.jobs.send(MEDIA_ENCODE_QUEUE, job);
  const outcome = await deps.jobs.waitFor<EncodeOutput>(MEDIA_ENCODE_QUEUE, id, ENCODE_WAIT_MS);
  if (outcome.state === 'completed') {
    if (outcome.output.ok) return { photo: outcome.output.photo, mime, bytes };
    throw badRequest(outcome.output.code);
  }
  if (outcome.state === 'waiting') {
    await deps.jobs.cancel(MEDIA_ENCODE_QUEUE, id);
    await input.scheduleRemoval(input.folder, ABANDONED_REMOVAL_DELAY_SECONDS);
  }
  throw unavailable();
}

/** The stored upload checked where it lies on this machine's disk, or read back from a bucket. */
async function inspectStoredPhoto(storage: EncodingDeps['storage'], key: string): Promise<{ mime: string }> {
  const file = storage.localPath?.(key);
  if (file) return inspectPhoto(file);
  const stored = await storage.get(key);
  if (!stored) throw photoUnreadable();
  return inspectPhoto(Buffer.concat(await stored.body.toArray()));
}
