import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `.br` and `.gz` beside every text file of the build, once, at the best compression level, so
 * the server sends compressed bytes without compressing on each request (members pay for every byte).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'motema-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzipAsync(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }
    },
  };
}
