import { paced } from './upload-pace.ts';

/**
 * A multipart file's bytes, read at the uploads' pace (upload-pace.ts), refusing (and no longer
 * reading) as soon as they pass `limit`: `tooLarge` is thrown then, or when the parser cut the file at
 * its own limit (`truncated`).
 */
export async function readAtMost(
  stream: AsyncIterable<Buffer> & { truncated?: boolean },
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of paced(stream)) {
    total += chunk.length;
    if (total > limit) throw tooLarge();
    chunks.push(chunk);
  }
  if (stream.truncated) throw tooLarge();
  return Buffer.concat(chunks, total);
}
