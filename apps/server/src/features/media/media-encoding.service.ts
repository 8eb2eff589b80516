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

const unavailable = () => new AppError(503, 'service_unavailable', { headers: { 'retry-after': '30' } });

/**
 * Encodes a photo, checked by `inspectUploadedPhoto`, in the media worker; its variants are then
 * stored under `folder`, a fresh folder of the caller's (who removes it if anything later fails).
 * Refused bytes throw the pipeline's 400; a job that failed for good, or an answer that takes
 * longer than ENCODE_WAIT_MS, a 503. `scheduleRemoval` is the caller's durable removal of `folder`.
 */
export async function encodePhotoUpload(
  deps: EncodingDeps,
  input: {
    body: Buffer;
    mime: string;
    folder: string;
    scheduleRemoval: (folder: string, delaySeconds: number) => Promise<void>;
  },
): Promise<EncodedPhoto> {
  deps.jobs.define(MEDIA_ENCODE_QUEUE, MEDIA_ENCODE_SETTINGS);
  const source = uploadSourceKey(input.folder);
  await deps.storage.put(source, input.body, input.mime);
  const job: EncodeJob = { kind: 'photo', source, folder: input.folder, mime: input.mime };
  const id = await deps.jobs.send(MEDIA_ENCODE_QUEUE, job);
  const outcome = await deps.jobs.waitFor<EncodeOutput>(MEDIA_ENCODE_QUEUE, id, ENCODE_WAIT_MS);
  if (outcome.state === 'completed') {
    if (outcome.output.ok) return outcome.output.photo;
    throw badRequest(outcome.output.code);
  }
  if (outcome.state === 'waiting') {
    await deps.jobs.cancel(MEDIA_ENCODE_QUEUE, id);
    await input.scheduleRemoval(input.folder, ABANDONED_REMOVAL_DELAY_SECONDS);
  }
  throw unavailable();
}
