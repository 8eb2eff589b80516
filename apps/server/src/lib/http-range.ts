import type { ByteRange } from './storage.ts';

/**
 * The single byte range of a `Range` header for a file of `size` bytes (RFC 9110 section 14):
 * `undefined` when the whole file is to be sent (no header, another unit, several ranges, a
 * malformed value), `'unsatisfiable'` when the range starts past the end (the answer is 416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
