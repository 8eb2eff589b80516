import { AppError } from './app-error.ts';
import { paced } from './upload-pace.ts';

/** An upload route's own refusals: the file past its limit, and no file (or an unreadable body). */
export type UploadRefusals = { tooLarge: () => Error; missing: () => Error };

/** The multipart parser's errors that mean a limit was passed (its file size, parts or files). */
const LIMIT_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT']);

/** A failure while reading a multipart body as the route's refusal; AppErrors as they are. */
export function asUploadRefusal(error: unknown, refusals: UploadRefusals): Error {
  if (error instanceof AppError) return error;
  return LIMIT_CODES.has((error as { code?: string }).code ?? '') ? refusals.tooLarge() : refusals.missing();
}

/**
 * A multipart file's chunks as they arrive, at the uploads' pace (upload-pace.ts), so that a caller
 * can store them without holding the whole file (decision 0068). `tooLarge` is thrown as soon as they
 * pass `limit` (nothing more is read), or when the parser cut the file at its own limit
 * (`truncated`); `missing` at the end of a file without bytes; the parser's errors as refusals.
 */
export async function* uploadChunks(
  stream: AsyncIterable<Buffer> & { truncated?: boolean },
  limit: number,
  refusals: UploadRefusals,
): AsyncGenerator<Buffer> {
  let total = 0;
  try {
    for await (const chunk of paced(stream)) {
      total += chunk.length;
      if (total > limit) throw refusals.tooLarge();
      yield chunk;
    }
  } catch (error) {
    throw asUploadRefusal(error, refusals);
  }
  if (stream.truncated) throw refusals.tooLarge();
  if (total === 0) throw refusals.missing();
}

/** The whole of a file kept in memory (a selfie, a voice note): `uploadChunks` joined. */
export async function wholeUpload(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
