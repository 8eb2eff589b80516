import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mediaItems, type MediaItemVariant, type PhotoVariant } from '../../db/schema.ts';

/** The media worker's reads and writes of a media item being transcoded (media feature's table). */

export type TranscodeItem = {
  id: string;
  ownerId: string;
  kind: 'photo' | 'video' | 'audio';
  status: 'processing' | 'ready' | 'failed';
  error: string | null;
  folder: string;
  sourceType: string;
};

export async function findTranscodeItem(db: DbOrTx, itemId: string): Promise<TranscodeItem | null> {
  const [row] = await db
    .select({
      id: mediaItems.id,
      ownerId: mediaItems.ownerId,
      kind: mediaItems.kind,
      status: mediaItems.status,
      error: mediaItems.error,
      folder: mediaItems.folder,
      sourceType: mediaItems.sourceType,
    })
    .from(mediaItems)
    .where(eq(mediaItems.id, itemId));
  return row ?? null;
}

export type TranscodeOutcome =
  | {
      status: 'ready';
      durationMs: number;
      width: number | null;
      height: number | null;
      placeholder: string | null;
      image: PhotoVariant[] | null;
      variants: MediaItemVariant[];
      waveform: number[] | null;
    }
  | { status: 'failed'; error: string };

/**
 * Writes the transcode's outcome in one statement, only while the item is still `processing`: a
 * retry that re-did the work after a crash, or a second run of the same job, finds it written and
 * changes nothing. The owner's id when this call wrote it, else null (already written, or deleted).
 */
export async function finishTranscodeItem(
  db: DbOrTx,
  itemId: string,
  outcome: TranscodeOutcome,
): Promise<string | null> {
  const values =
    outcome.status === 'ready'
      ? { ...outcome, error: null, readyAt: sql`now()` }
      : { status: outcome.status, error: outcome.error };
  const [row] = await db
    .update(mediaItems)
    .set(values)
    .where(and(eq(mediaItems.id, itemId), eq(mediaItems.status, 'processing')))
    .returning({ ownerId: mediaItems.ownerId });
  return row?.ownerId ?? null;
}
