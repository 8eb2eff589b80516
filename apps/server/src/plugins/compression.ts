import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';

/** How answers are compressed: by the plugin on routes, and by the web app for the pages it writes. */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

/**
 * API answers travel compressed (members pay per KB): brotli at quality 4 shrinks a page of member
 * cards about as much as gzip -9 for a fraction of the CPU of brotli's default 11. Already compressed
 * files (precompressed web assets, photos, voice notes) are left as they are; answers under 1 KB are
 * not worth it. B1's bare reference server registers the same, so both send the same bytes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
