import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { PHOTO_MAX_BYTES } from '@motema/shared/media';
import { AUDIO_MAX_BYTES, VIDEO_MAX_BYTES, type MediaKind, type MediaUse } from '@motema/shared/posts';
import type { MediaItemRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { uploadSourceKey } from './encode-jobs.ts';
import { encodePhotoUpload } from './media-encoding.service.ts';
import * as repo from './media-items.repository.ts';
import { scheduleItemFilesRemoval, type MediaItemsDeps } from './media-items.service.ts';
import { MEDIA_TRANSCODE_QUEUE, MEDIA_TRANSCODE_SETTINGS, type TranscodeJob } from './transcode-jobs.ts';
import { Mp4MoovWatcher } from './mp4-moov-watcher.ts';
import { UPLOAD_HEAD_BYTES, uploadTypeOf, uploadTypeWithMoov, type UploadType } from './upload-type.ts';

/**
 * Uploads of posts and stories (QUALITY U1): the type from the bytes, the bytes capped by kind, the
 * files under a fresh folder `media/{ownerId}/{random}/`. A photo is encoded at once by the photo
 * encode job (the request waits, as for profile photos) and its item is `ready`; a video or an
 * audio is streamed to storage as `{folder}upload` (never held whole in memory), its item
 * `processing` until the media worker has encoded it (TranscodeJob). Nothing is left of a refusal.
 */

/** The largest upload of each kind, in bytes: past it, 413 media_too_large without reading further. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = {
  photo: PHOTO_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  audio: AUDIO_MAX_BYTES,
};
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES));

/** Items never claimed by a post or a story are removed after this (media-items-sweep.ts). */
export const UNCLAIMED_ITEM_TTL_MS = 24 * 60 * 60 * 1000;
/** Unclaimed uploads a member may hold at once: a full post of photos and a story or two, and some. */
export const UNCLAIMED_ITEMS_MAX = 30;

export const mediaTooLarge = () => new AppError(413, 'media_too_large');
export const mediaMissing = () => badRequest('media_missing');
const typeUnsupported = () => badRequest('media_type_unsupported');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the route reads of the multipart body: `use`, then the file's bytes as they arrive. */
export type MediaUpload = { use: MediaUse; file: AsyncIterable<Buffer> };

/**
 * A new media item from an upload of the member's. The unclaimed uploads are counted before the
 * body is read; the head of the file decides its type, then the rest is read up to its kind's limit.
 */
export async function uploadMediaItem(
  deps: MediaItemsDeps,
  input: { ownerId: string; readUpload: () => Promise<MediaUpload> },
): Promise<MediaItemRow> {
  const since = new Date(clock.now().getTime() - UNCLAIMED_ITEM_TTL_MS);
  if ((await repo.countUnclaimedOf(deps.db, input.ownerId, since)) >= UNCLAIMED_ITEMS_MAX) {
    throw new AppError(429, 'rate_limited', { headers: { 'retry-after': '600' } });
  }
  const upload = await input.readUpload();
  const chunks = upload.file[Symbol.asyncIterator]();
  const { head, excess } = await readHead(chunks);
  if (head.length === 0) throw mediaMissing();
  const type = await uploadTypeOf(head);
  if (!type) throw typeUnsupported();
  const rest = limited([head, excess], chunks, MEDIA_MAX_BYTES[type.kind]);

  const folder = `media/${input.ownerId}/${randomBytes(16).toString('base64url')}/`;
  let row: MediaItemRow | undefined;
  try {
    // A photo's row is written last: nothing after it can fail.
    if (type.kind === 'photo') {
      return await storePhoto(deps, { ownerId: input.ownerId, use: upload.use, folder, type }, rest);
    }
    const source = uploadSourceKey(folder);
    const moov = type.mime === 'video/mp4' ? new Mp4MoovWatcher() : null;
    const bytes = await deps.storage.putStream(source, Readable.from(watched(rest, moov)), type.mime);
    const settled = uploadTypeWithMoov({ kind: type.kind, mime: type.mime }, moov?.moov ?? null);
    if (bytes > MEDIA_MAX_BYTES[settled.kind]) throw mediaTooLarge();
    row = await repo.insertMediaItem(deps.db, {
      ownerId: input.ownerId,
      kind: settled.kind,
      use: upload.use,
      status: 'processing',
      folder,
      sourceType: settled.mime,
      sourceBytes: bytes,
    });
    const job: TranscodeJob = { kind: settled.kind, itemId: row.id, source, folder, use: upload.use };
    await sendTranscode(deps, job, input.ownerId);
    return row;
  } catch (error) {
    if (row) await repo.deleteMediaItems(deps.db, [row.id]).catch(() => undefined);
    await deps.storage
      .deletePrefix(folder)
      .catch(() => scheduleItemFilesRemoval(deps.jobs, { id: row?.id, folder }));
    throw error;
  }
}

/** A member's items still processing count this long at most (an item stuck by a lost job stops counting). */
const FAIR_ORDER_WINDOW_MS = 6 * 60 * 60 * 1000;

/**
 * Sends the transcode in a fair order between members (issue 25): its priority is minus the number of
 * the member's uploads still processing before it, so that one member's tenth upload waits behind
 * every other member's first, not the other way round (the worker takes the highest priority first).
 */
async function sendTranscode(deps: MediaItemsDeps, job: TranscodeJob, ownerId: string): Promise<void> {
  const since = new Date(clock.now().getTime() - FAIR_ORDER_WINDOW_MS);
  const processing = await repo.countProcessingOf(deps.db, ownerId, since);
  // The queue's own settings, should this node be the first to use it (the worker's are the same).
  deps.jobs.define(MEDIA_TRANSCODE_QUEUE, MEDIA_TRANSCODE_SETTINGS);
  await deps.jobs.send(MEDIA_TRANSCODE_QUEUE, job, { priority: -Math.max(0, processing - 1) });
}

async function storePhoto(
  deps: MediaItemsDeps,
  item: { ownerId: string; use: MediaUse; folder: string; type: UploadType },
  chunks: AsyncIterable<Buffer>,
): Promise<MediaItemRow> {
  const { photo, bytes } = await encodePhotoUpload(deps, {
    chunks,
    folder: item.folder,
    scheduleRemoval: (folder, delaySeconds) => scheduleItemFilesRemoval(deps.jobs, { folder }, delaySeconds),
  }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'photo_type_unsupported' ? typeUnsupported() : error;
  });
  return repo.insertMediaItem(deps.db, {
    ownerId: item.ownerId,
    kind: 'photo',
    use: item.use,
    status: 'ready',
    folder: item.folder,
    sourceType: item.type.mime,
    sourceBytes: bytes,
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    image: photo.variants,
    readyAt: clock.now(),
  });
}

/**
 * Exactly the first UPLOAD_HEAD_BYTES of the file (fewer if it is shorter), and what its last chunk
 * brought past them: the type is decided from the same bytes however the network cut the upload.
 */
async function readHead(chunks: AsyncIterator<Buffer>): Promise<{ head: Buffer; excess: Buffer }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < UPLOAD_HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  const read = Buffer.concat(parts, length);
  return { head: read.subarray(0, UPLOAD_HEAD_BYTES), excess: read.subarray(UPLOAD_HEAD_BYTES) };
}

/** The bytes already read, then the rest of the file, failing with media_too_large past `limit` bytes. */
async function* limited(
  read: Buffer[],
  chunks: AsyncIterator<Buffer>,
  limit: number,
): AsyncGenerator<Buffer> {
  let total = read.reduce((sum, part) => sum + part.length, 0);
  if (total > limit) throw mediaTooLarge();
  for (const part of read) if (part.length > 0) yield part;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return;
    total += next.value.length;
    if (total > limit) throw mediaTooLarge();
    yield next.value;
  }
}

/** The chunks as they are, each shown to `watcher` on its way (when there is one). */
async function* watched(
  chunks: AsyncIterable<Buffer>,
  watcher: Mp4MoovWatcher | null,
): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    watcher?.observe(chunk);
    yield chunk;
  }
}

/** One of the member's own items; 404 (`code`) for anyone else's, a missing or a malformed id. */
export async function ownMediaItem(
  db: MediaItemsDeps['db'],
  ownerId: string,
  itemId: string,
  code: 'media_not_found' | 'not_found' = 'media_not_found',
): Promise<MediaItemRow> {
  const row = UUID.test(itemId) ? await repo.findOwnMediaItem(db, ownerId, itemId) : undefined;
  if (!row) throw new AppError(404, code);
  return row;
}
