import { parseRange } from './http-range.ts';
import type { ByteRange, MediaStorage, StoredFile } from './storage.ts';

/** A stored file as a GET answers it (plugins/served-file-reply.ts sends it). */
export type ServedFile = {
  etag: string;
  type: string;
  /** The whole file's size. */
  size: number;
} & (
  | { status: 304 }
  | { status: 416 }
  | { status: 200; file: StoredFile }
  | { status: 206; file: StoredFile; range: ByteRange }
);

/**
 * Opens a stored file for a GET whose access the caller has already checked: 304 when If-None-Match
 * names its ETag, 416 for a Range past its end, 206 with the asked range, else the whole file; null
 * when storage has no file under its key.
 */
export async function openServedFile(
  storage: Pick<MediaStorage, 'get'>,
  file: { key: string; type: string; bytes: number; etag: string },
  request: { range?: string | undefined; ifNoneMatch?: string | undefined },
): Promise<ServedFile | null> {
  const served = { etag: file.etag, type: file.type, size: file.bytes };
  if (request.ifNoneMatch?.split(/\s*,\s*/).includes(served.etag)) return { ...served, status: 304 };
  const range = parseRange(request.range, file.bytes);
  if (range === 'unsatisfiable') return { ...served, status: 416 };
  const stored = await storage.get(file.key, range);
  if (!stored) return null;
  return range ? { ...served, status: 206, file: stored, range } : { ...served, status: 200, file: stored };
}
