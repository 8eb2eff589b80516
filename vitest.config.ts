import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  configDefaults,
  defineConfig,
  type TestProjectInlineConfiguration,
  type ViteUserConfig,
} from 'vitest/config';
import e2e from './e2e/vitest.config.ts';
import server from './apps/server/vitest.config.ts';
import web from './apps/web/vitest.config.ts';

/**
 * Two tiers (docs/decisions/0039). The fast one, `npm run test:unit`, holds unit and route tests. The
 * slow one, `npm run test:slow`, holds the files that start processes, crash or restart them, measure
 * time, transcode with ffmpeg, explore models, join two nodes or drive a browser: a test file joins it
 * with a line of its own, anywhere in the file, that starts with the marker below and says why. The
 * marker lives in the file, so it follows the file when it moves. `vitest run` runs both tiers.
 */
export const SLOW_TIER_MARKER = /^\/\/ @slow-tier\b/m;

/** Two workers: the server's files each hold a database and an app, and CI machines have 2 cores. */
const WORKERS = 2;

/** The test files of `dir` (relative to it) that carry the slow tier's marker. */
function slowFiles(dir: string, include: string[]): string[] {
  return include
    .flatMap((pattern) => globSync(pattern, { cwd: dir, exclude: ['**/node_modules/**'] }))
    .filter((file) => SLOW_TIER_MARKER.test(readFileSync(path.join(dir, file), 'utf8')))
    .sort();
}

/** The project of `dir` (its config) split into its fast tier and its slow tier (`slow-` and its name). */
function tiers(dir: string, config: ViteUserConfig): TestProjectInlineConfiguration[] {
  // Every project of a tier shares the same workers, so that their files interleave (Vitest runs the
  // projects whose maxWorkers differ one after the other).
  const test = { ...config.test, root: dir, maxWorkers: WORKERS };
  const slow = slowFiles(dir, test.include ?? []);
  return [
    { ...config, test: { ...test, exclude: [...configDefaults.exclude, ...slow] } },
    // A project with no file would make `--project slow-*` fail as "no test files found".
    ...(slow.length > 0 ? [{ ...config, test: { ...test, name: `slow-${test.name}`, include: slow } }] : []),
  ];
}

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/feature-graph',
      'packages/flexpay-sim',
      'packages/push-sim',
      'bench',
      ...tiers('apps/server', server),
      ...tiers('apps/web', web),
      ...tiers('e2e', e2e),
    ],
  },
});
