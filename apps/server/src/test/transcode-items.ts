import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { MediaUse } from '@motema/shared/posts';
import { mediaItems, type MediaItemRow } from '../db/schema.ts';
import { uploadSourceKey } from '../features/media/encode-jobs.ts';
import {
  MEDIA_PROCESSED_QUEUE,
  MEDIA_TRANSCODE_QUEUE,
  type MediaProcessedJob,
  type TranscodeJob,
} from '../features/media/transcode-jobs.ts';
import type { TestApp } from './build-test-app.ts';
import { createMember } from './factories.ts';

/**
 * A video or audio upload as the upload route leaves it (the raw bytes at `{folder}upload`, a row
 * `processing`) and the transcode job it sends, for the media worker's tests.
 */
export async function processingUpload(
  t: Pick<TestApp, 'db' | 'storage'>,
  bytes: Buffer,
  options: { kind: 'video' | 'audio'; sourceType: string; use?: MediaUse; ownerId?: string },
): Promise<{ item: MediaItemRow; job: TranscodeJob }> {
  const ownerId = options.ownerId ?? (await createMember(t)).user.id;
  const folder = `media/${ownerId}/${randomBytes(16).toString('base64url')}/`;
  await t.storage.put(uploadSourceKey(folder), bytes, options.sourceType);
  const use = options.use ?? 'post';
  const [item] = await t.db
    .insert(mediaItems)
    .values({
      ownerId,
      kind: options.kind,
      use,
      status: 'processing',
      folder,
      sourceType: options.sourceType,
      sourceBytes: bytes.length,
    })
    .returning();
  return {
    item: item!,
    job: { kind: options.kind, itemId: item!.id, source: uploadSourceKey(folder), folder, use },
  };
}

export async function mediaItemRow(t: Pick<TestApp, 'db'>, id: string): Promise<MediaItemRow | undefined> {
  const [row] = await t.db.select().from(mediaItems).where(eq(mediaItems.id, id));
  return row;
}

/** Waits until the item is no longer `processing` (the worker wrote it), or fails after `timeoutMs`. */
export async function settledItem(
  t: Pick<TestApp, 'db'>,
  id: string,
  timeoutMs = 60_000,
): Promise<MediaItemRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await mediaItemRow(t, id);
    if (row && row.status !== 'processing') return row;
    if (Date.now() > deadline) throw new Error(`media item ${id} still ${row?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The MEDIA_PROCESSED_QUEUE jobs sent for an item. */
export async function processedJobs(t: Pick<TestApp, 'db'>, itemId: string): Promise<MediaProcessedJob[]> {
  const result = await t.db.execute<{ data: MediaProcessedJob }>(
    sql`SELECT data FROM pgboss.job WHERE name = ${MEDIA_PROCESSED_QUEUE} AND data->>'itemId' = ${itemId}
        ORDER BY created_on`,
  );
  return result.rows.map((row) => row.data);
}

/** The transcode jobs of an item: their state, retries and output. */
export async function transcodeJobs(t: Pick<TestApp, 'db'>, itemId: string) {
  const result = await t.db.execute<{
    state: string;
    retryCount: number;
    output: Record<string, unknown> | null;
  }>(
    sql`SELECT state, retry_count AS "retryCount", output FROM pgboss.job
        WHERE name = ${MEDIA_TRANSCODE_QUEUE} AND data->>'itemId' = ${itemId} ORDER BY created_on`,
  );
  return result.rows;
}

/** Waits until the item's last transcode job has ended (completed, or failed for good). */
export async function endedTranscode(t: Pick<TestApp, 'db'>, itemId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = (await transcodeJobs(t, itemId)).at(-1);
    if (last && (last.state === 'completed' || last.state === 'failed')) return last;
    if (Date.now() > deadline)
      throw new Error(`the transcode of ${itemId} is still ${last?.state ?? 'unsent'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
