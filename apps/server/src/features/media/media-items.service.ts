import type { MediaUse } from '@motema/shared/posts';
import type { DbOrTx } from '../../db/client.ts';
import type { MediaItemRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { openServedFile, type ServedFile } from '../../lib/served-file.ts';
import { mediaVariantFileName } from './media-item-names.ts';
import * as repo from './media-items.repository.ts';
import { SHARED_SEED_FILES_PREFIX, servedVariant } from './media.service.ts';

/** What the media worker tells once an item is encoded: the posts feature works this queue. */
export { MEDIA_PROCESSED_QUEUE, type MediaProcessedJob } from './transcode-jobs.ts';

/**
 * Media items: the photos, videos and audios of posts and stories (uploaded first, then claimed by
 * the post or story that carries them). Other features call only claimMediaItems, mediaItemsByIds,
 * removeMediaItems, openMediaItemFile and presentMediaItem (media-items.presenter.ts); the upload
 * and the owner's routes are media-items.routes.ts. An item's files live under its `folder`,
 * `media/{ownerId}/{random}/`: account deletion removes `media/{ownerId}/` whole (Z6).
 */

export type MediaItemsDeps = Pick<AppDeps, 'db' | 'jobs' | 'storage'>;

/** The queue whose jobs remove an item's folder once its row is gone. */
export const MEDIA_ITEM_FILES_QUEUE = 'media-item-files-delete';
/** `itemId`: the item whose row must be gone first (none for a folder no row ever named). */
export type MediaItemFilesJob = { itemId?: string; folder: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An item's folder: the only prefixes the item files job removes. */
const ITEM_FOLDER = /^media\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{16,}\/$/;

/** How long the files job of a deleting transaction waits, so as to find it committed. */
const AFTER_COMMIT_DELAY_SECONDS = 1;

const mediaNotFound = () => badRequest('media_not_found');
const fileNotFound = () => new AppError(404, 'not_found');

/**
 * In the transaction creating a post or a story: takes the owner's items, in the given order. Each
 * must be the owner's, of that `use`, not failed and not yet claimed; they are locked (FOR UPDATE)
 * until the transaction ends, so that an item the media worker finishes meanwhile is seen either by
 * this transaction or by the processed handler after it, never by neither. Errors: 400
 * `media_not_found` (missing, another member's, another use), 409 `media_already_used` (claimed, or
 * named twice), 400 `media_failed`.
 */
export async function claimMediaItems(
  tx: DbOrTx,
  ownerId: string,
  itemIds: readonly string[],
  use: MediaUse,
): Promise<MediaItemRow[]> {
  if (itemIds.length === 0) return [];
  if (!itemIds.every((id) => UUID.test(id))) throw mediaNotFound();
  if (new Set(itemIds).size !== itemIds.length) throw conflict('media_already_used');
  const rows = new Map((await repo.lockMediaItems(tx, itemIds)).map((row) => [row.id, row]));
  const claimed = itemIds.map((id) => {
    const row = rows.get(id);
    if (!row || row.ownerId !== ownerId || row.use !== use) throw mediaNotFound();
    if (row.claimedAt) throw conflict('media_already_used');
    if (row.status === 'failed') throw badRequest('media_failed');
    return row;
  });
  const at = await repo.markClaimed(tx, itemIds, clock.now());
  return claimed.map((row) => ({ ...row, claimedAt: at.get(row.id) ?? row.claimedAt }));
}

/** Items by id (a page of posts' or stories' media): ids of missing items are absent from the map. */
export async function mediaItemsByIds(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, MediaItemRow>> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  const rows = await repo.findMediaItemsByIds(db, valid);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * In the transaction deleting a post or a story (or expiring a story): deletes the items' rows and
 * sends the removal of their folders. The job removes a folder only once its row is gone for good:
 * it starts a moment later (the transaction has committed by then), and should the row still be there
 * (a transaction still open), it is retried; if the transaction rolls back, the row stays and so do
 * its files.
 */
export async function removeMediaItems(
  tx: DbOrTx,
  jobs: JobQueue,
  itemIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(itemIds.filter((id) => UUID.test(id)))];
  for (const row of await repo.deleteMediaItems(tx, ids)) {
    await scheduleItemFilesRemoval(jobs, row, AFTER_COMMIT_DELAY_SECONDS);
  }
}

/** Removes an item's folder later, durably (pg-boss retries); `id` when a row named it. */
export async function scheduleItemFilesRemoval(
  jobs: JobQueue,
  item: { id?: string | undefined; folder: string },
  delaySeconds = 0,
): Promise<void> {
  const job: MediaItemFilesJob = item.id ? { itemId: item.id, folder: item.folder } : { folder: item.folder };
  await jobs.send<MediaItemFilesJob>(MEDIA_ITEM_FILES_QUEUE, job, { delaySeconds });
}

/**
 * The job: removes an item's folder once its row is gone. A row still there (the deleting
 * transaction not yet committed) fails the job, which pg-boss retries; after a rollback the retries
 * run out and the files stay with their row.
 */
export async function removeMediaItemFiles(
  deps: Pick<MediaItemsDeps, 'db' | 'storage'>,
  job: MediaItemFilesJob,
): Promise<void> {
  // Files shared by many seeded items (`npm run seed`) stay.
  if (job.folder.startsWith(SHARED_SEED_FILES_PREFIX)) return;
  if (!ITEM_FOLDER.test(job.folder)) throw new Error(`refusing to remove ${job.folder}`);
  if (job.itemId && (await repo.mediaItemExists(deps.db, job.itemId))) {
    throw new Error(`media item ${job.itemId} still exists: its files stay`);
  }
  await deps.storage.deletePrefix(job.folder);
}

/** The served file of a ready item under `fileName`: a photo's or a poster's variant, or an encoded file. */
function servedFileOf(
  row: MediaItemRow,
  fileName: string,
): { key: string; type: string; bytes: number } | undefined {
  if (row.status !== 'ready') return undefined;
  return (
    servedVariant(row.image ?? [], fileName) ??
    row.variants.find((variant) => mediaVariantFileName(variant) === fileName)
  );
}

/**
 * A served file of a ready item (`480.webp`, `standard.mp4`, `saver.mp4`, `standard.m4a`), with
 * Range and If-None-Match. NO access check: the caller (a post's or a story's media route, the
 * owner's route) has checked that the viewer may see this item. 404 for an unknown item, an item not
 * ready, or a name the item does not have.
 */
export async function openMediaItemFile(
  deps: Pick<MediaItemsDeps, 'db' | 'storage'>,
  input: { itemId: string; fileName: string; range?: string | undefined; ifNoneMatch?: string | undefined },
  preloaded?: MediaItemRow,
): Promise<ServedFile> {
  if (!UUID.test(input.itemId)) throw fileNotFound();
  const row = preloaded ?? (await mediaItemsByIds(deps.db, [input.itemId])).get(input.itemId);
  const variant = row && row.id === input.itemId ? servedFileOf(row, input.fileName) : undefined;
  if (!row || !variant) throw fileNotFound();
  const etag = `"${row.id}-${input.fileName}-${variant.bytes}"`;
  const served = await openServedFile(deps.storage, { ...variant, etag }, input);
  if (!served) throw fileNotFound();
  return served;
}
