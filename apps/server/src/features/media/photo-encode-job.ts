import { buffer } from 'node:stream/consumers';
import type { MediaStorage } from '../../lib/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { uploadSourceKey, type EncodeJob, type EncodeOutput } from './encode-jobs.ts';
import { encodePhoto } from './photo-pipeline.ts';
import { storedVariants } from './variant-names.ts';

/**
 * Only the folders uploads make (a member's photo, a chat file, a post's or a story's photo): a job
 * cannot write elsewhere.
 */
const UPLOAD_FOLDER =
  /^(photos\/[0-9a-f-]{36}|chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}|media\/[0-9a-f-]{36})\/[A-Za-z0-9_-]{16,}\/$/;

/**
 * The photo job: reads the upload, encodes it (photo-pipeline.ts), stores every variant under the
 * job's folder, then removes the upload. A retry after a crash overwrites what was half written.
 * Bytes the pipeline refuses are an output (their code); the upload goes then too.
 */
export async function encodeStoredPhoto(storage: MediaStorage, job: EncodeJob): Promise<EncodeOutput> {
  if (!UPLOAD_FOLDER.test(job.folder) || job.source !== uploadSourceKey(job.folder)) {
    throw new Error(`refusing to encode ${job.source} into ${job.folder}`);
  }
  const stored = await storage.get(job.source);
  // Gone: removed after a finished encode whose completion was lost, or by an abandoned request.
  if (!stored) throw new Error(`the upload ${job.source} is gone`);
  const input = await buffer(stored.body);
  let processed;
  try {
    processed = await encodePhoto(input, job.mime);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await storage.deletePrefix(job.source);
    return { encodedBy: process.pid, ok: false, code: error.code };
  }
  const variants = storedVariants(processed, job.folder);
  await Promise.all(
    processed.variants.map((variant, i) => storage.put(variants[i]!.key, variant.body, variant.type)),
  );
  await storage.deletePrefix(job.source);
  const { width, height, placeholder } = processed;
  return { encodedBy: process.pid, ok: true, photo: { width, height, placeholder, variants } };
}
