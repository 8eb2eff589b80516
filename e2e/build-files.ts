import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from './runner/paths.mjs';

/**
 * The files of the build the journeys run against, by the source each was made from (its manifest,
 * read once): the lazy chunks are named by their hash alone (apps/web/vite.config.ts).
 */
let manifest: { file: string; src: string }[] | undefined;
function files() {
  manifest ??= Object.values(
    JSON.parse(readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; src?: string }
    >,
  ).map((chunk) => ({ file: `/${chunk.file}`, src: chunk.src ?? '' }));
  return manifest;
}

/** The source a served file (`/assets/…`) was made from ('' for a shared chunk or a file not built from one). */
export function sourceOf(url: string): string {
  return files().find((chunk) => chunk.file === url)?.src ?? '';
}

/** The served file (`/assets/…`) made from `source` (`src/features/users/account-page.tsx`). */
export function builtFrom(source: string): string {
  const found = files().find((chunk) => chunk.src === source);
  if (!found) throw new Error(`${source} is not in the build's manifest`);
  return found.file;
}
