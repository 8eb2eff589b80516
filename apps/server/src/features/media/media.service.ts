import { randomBytes } from 'node:crypto';
import { PHOTOS_PER_MEMBER_MAX } from '@motema/shared/media';
import type { DbOrTx } from '../../db/client.ts';
import type { PhotoRow, PhotoVariant } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import type { MediaStorage, StoredFile } from '../../lib/storage.ts';
import * as repo from './media.repository.ts';
import { encodePhotoUpload } from './media-encoding.service.ts';
import { variantFileName } from './variant-names.ts';
import { inspectPhoto } from './photo-pipeline.ts';
import { sniffContainerType } from './container-type.ts';
import { remuxWithoutMetadata } from './metadata-remux.ts';
import { resolveFfmpegTools } from '../../lib/ffmpeg-tools.ts';

export type MediaDeps = Pick<AppDeps, 'db' | 'jobs' | 'storage'>;

/** The queue whose jobs remove files after a commit (a deleted photo, a deleted account). */
export const MEDIA_FILES_QUEUE = 'media-files-delete';
export type MediaFilesJob = { prefix: string };

/**
 * What photo an upload's bytes are (JPEG, PNG, WebP or AVIF), checked from the type and header without
 * decoding; refusals are AppErrors. For a photo that is checked but not kept (verification's selfie);
 * kept photos are checked by `encodePhotoUpload` (media-encoding.service.ts).
 */
export function inspectUploadedPhoto(input: Buffer): Promise<{ mime: string }> {
  return inspectPhoto(input);
}

/**
 * The container type of a video or an audio file from its bytes (container-type.ts): chat's files
 * and the uploads of posts and stories read it alike. `mp4AsVideo` keeps every MP4 a video.
 */
export function sniffMediaContainer(input: Buffer, options: { mp4AsVideo?: boolean } = {}) {
  return sniffContainerType(input, options);
}

/** The ffmpeg of the remux, found once a process (decision 0031: finding it runs ffmpeg). */
let remuxTools: ReturnType<typeof resolveFfmpegTools> | undefined;

/**
 * A voice note's, an audio file's or a video's bytes (of `mime`, from sniffMediaContainer) without
 * any metadata, for files served as they were sent (chat's): a remux by ffmpeg (metadata-remux.ts),
 * streams copied, not encoded. Bytes ffmpeg cannot read as `mime` are a 400 `media_unreadable`; a
 * remux that did not finish in time a 503 the member may retry.
 */
export async function remuxUploadWithoutMetadata(
  env: AppDeps['env'],
  body: Buffer,
  mime: string,
): Promise<Buffer> {
  remuxTools ??= resolveFfmpegTools(env);
  const outcome = await remuxWithoutMetadata(remuxTools.ffmpeg, body, mime);
  if (outcome.ok) return outcome.body;
  if (outcome.interrupted)
    throw new AppError(503, 'service_unavailable', { headers: { 'retry-after': '30' } });
  throw badRequest('media_unreadable');
}

/** The variant served under `fileName` (`480.webp`), if the photo has it. */
export function servedVariant<V extends Pick<PhotoVariant, 'width' | 'type'>>(
  variants: readonly V[],
  fileName: string,
) {
  return variants.find((candidate) => variantFileName(candidate) === fileName);
}

const photoNotFound = () => new AppError(404, 'not_found');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ownerPrefix = (ownerId: string) => `photos/${ownerId}/`;
/** Where the member's uploads of posts and stories live (media items' folders are under it). */
const ownerItemsPrefix = (ownerId: string) => `media/${ownerId}/`;
/**
 * photos/{ownerId}/, photos/{ownerId}/{random}/ or media/{ownerId}/: the only prefixes the job
 * removes (an item's own folder goes through media-items.service.ts's job).
 */
const REMOVABLE_PREFIX = /^(photos\/[0-9a-f-]{36}\/([A-Za-z0-9_-]{16,}\/)?|media\/[0-9a-f-]{36}\/)$/;
/** Files shared by many seeded members (`npm run seed`): one member's deletion leaves them alone. */
export const SHARED_SEED_FILES_PREFIX = 'seed/';

/** The member's photos, newest first (presentImage shows each). */
export async function listPhotos(db: DbOrTx, ownerId: string): Promise<PhotoRow[]> {
  return repo.findPhotosOf(db, ownerId);
}

/**
 * Avatar photos by photo id, in one query (presentImages shows them). The caller's own query decides
 * who may be shown (active, not blocked); ids of missing photos are simply absent from the map.
 */
export async function avatarPhotos(db: DbOrTx, photoIds: readonly string[]): Promise<Map<string, PhotoRow>> {
  const ids = [...new Set(photoIds.filter((id) => UUID.test(id)))];
  const rows = await repo.findPhotosByIds(db, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Each owner's newest photos, at most `perOwner`, newest first, by owner id (a swap deck's cards: the
 * caller's own query decides who may be shown). Owners without photos are absent from the map.
 */
export async function newestPhotosOf(
  db: DbOrTx,
  ownerIds: readonly string[],
  perOwner: number,
): Promise<Map<string, PhotoRow[]>> {
  const ids = [...new Set(ownerIds.filter((id) => UUID.test(id)))];
  const byOwner = new Map<string, PhotoRow[]>();
  for (const row of await repo.findNewestPhotosOf(db, ids, perOwner)) {
    const list = byOwner.get(row.ownerId);
    if (list) list.push(row);
    else byOwner.set(row.ownerId, [row]);
  }
  return byOwner;
}

/**
 * Before another feature points at a photo of the member's (the users feature's avatar): 404 unless
 * it is theirs. The photo is locked against its deletion until the caller's transaction ends.
 */
export async function requireOwnPhoto(tx: DbOrTx, ownerId: string, photoId: string): Promise<void> {
  if (!(await repo.lockOwnPhoto(tx, ownerId, photoId))) throw photoNotFound();
}

/** Removes files under a prefix later (after `delaySeconds`), durably (pg-boss retries): for work after a commit. */
async function scheduleRemoval(jobs: JobQueue, prefix: string, delaySeconds = 0): Promise<void> {
  await jobs.send<MediaFilesJob>(MEDIA_FILES_QUEUE, { prefix }, { delaySeconds });
}

/** The job: removes the files under the prefix (only prefixes this feature makes are accepted). */
export async function removeMediaFiles(storage: MediaStorage, job: MediaFilesJob): Promise<void> {
  if (job.prefix.startsWith(SHARED_SEED_FILES_PREFIX)) return;
  if (!REMOVABLE_PREFIX.test(job.prefix)) throw new Error(`refusing to remove ${job.prefix}`);
  await storage.deletePrefix(job.prefix);
}

/**
 * Account deletion (Z6): every file of the member goes once the deletion has committed, their photos'
 * and their posts' and stories' media (their media items' rows went with the account).
 */
export async function scheduleOwnerMediaRemoval(jobs: JobQueue, ownerId: string): Promise<void> {
  await scheduleRemoval(jobs, ownerPrefix(ownerId));
  await scheduleRemoval(jobs, ownerItemsPrefix(ownerId));
}

async function refuseWhenFull(db: DbOrTx, ownerId: string): Promise<void> {
  if ((await repo.countPhotos(db, ownerId)) >= PHOTOS_PER_MEMBER_MAX) throw conflict('photos_limit_reached');
}

/**
 * A new photo from an upload's chunks. The limit is checked before the upload is read, and again
 * under a lock when the row is written; the upload and the media worker's files go under a fresh
 * random folder, removed again if the photo is refused or the row cannot be written.
 */
export async function uploadPhoto(
  deps: MediaDeps,
  ownerId: string,
  readUpload: () => Promise<AsyncIterable<Buffer>>,
): Promise<PhotoRow> {
  await refuseWhenFull(deps.db, ownerId);
  const chunks = await readUpload();
  const folder = `${ownerPrefix(ownerId)}${randomBytes(16).toString('base64url')}/`;
  try {
    const { photo } = await encodePhotoUpload(deps, {
      chunks,
      folder,
      scheduleRemoval: (prefix, delaySeconds) => scheduleRemoval(deps.jobs, prefix, delaySeconds),
    });
    return await deps.db.transaction(async (tx) => {
      if (!(await repo.lockOwner(tx, ownerId))) throw photoNotFound();
      await refuseWhenFull(tx, ownerId);
      return repo.insertPhoto(tx, { ownerId, ...photo });
    });
  } catch (error) {
    await deps.storage.deletePrefix(folder).catch(() => scheduleRemoval(deps.jobs, folder));
    throw error;
  }
}

/** Deletes one of the member's photos (404 for anyone else's); its files go after the commit. */
export async function deletePhoto(deps: MediaDeps, ownerId: string, photoId: string): Promise<void> {
  if (!UUID.test(photoId)) throw photoNotFound();
  const row = await repo.deleteOwnPhoto(deps.db, ownerId, photoId);
  if (!row) throw photoNotFound();
  const folders = new Set(
    row.variants.map((variant) => variant.key.slice(0, variant.key.lastIndexOf('/') + 1)),
  );
  for (const folder of folders) await scheduleRemoval(deps.jobs, folder);
}

export type MediaFile =
  | { etag: string; type: PhotoVariant['type']; notModified: true }
  | { etag: string; type: PhotoVariant['type']; notModified: false; file: StoredFile };

/**
 * A served file of a photo, for a member or a visitor: 404 unless the photo exists, the name is one
 * of its variants, its owner is active and no block stands between viewer and owner (Z3).
 */
export async function openMediaFile(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  input: {
    viewerId: string | undefined;
    photoId: string;
    fileName: string;
    ifNoneMatch?: string | undefined;
  },
): Promise<MediaFile> {
  if (!UUID.test(input.photoId)) throw photoNotFound();
  const photo = await repo.findViewablePhoto(deps.db, input.photoId, input.viewerId);
  const variant = photo && servedVariant(photo.variants, input.fileName);
  if (!photo || !variant) throw photoNotFound();
  const etag = `"${photo.id}-${input.fileName}-${variant.bytes}"`;
  if (input.ifNoneMatch?.split(/\s*,\s*/).includes(etag)) {
    return { etag, type: variant.type, notModified: true };
  }
  const file = await deps.storage.get(variant.key);
  if (!file) throw photoNotFound();
  return { etag, type: variant.type, notModified: false, file };
}
