#!/usr/bin/env node
/**
 * `npm run mobile:sync`: `cap sync` copies the web app's build (apps/web/dist, `npm run build`) into
 * the Android and iOS projects and brings their plugin lists up to date. It needs no SDK and no network
 * beyond npm's install, so CI runs it (scripts/test.mjs); building the apps needs the SDKs
 * (docs/mobile-app.md). Run as in CI (`CI=1`): Capacitor's CLI then asks nothing and sends no usage
 * metrics (its telemetry turns itself on in an interactive terminal).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(new URL('../../web/dist/index.html', import.meta.url))) {
  console.error('apps/web/dist has no build: run "npm run build" first.');
  process.exit(1);
}
const result = spawnSync('cap', ['sync', ...process.argv.slice(2)], {
  cwd: HERE,
  stdio: 'inherit',
  env: { ...process.env, CI: '1' },
});
if (result.error) console.error(`cannot run cap: ${result.error.message}`);
process.exit(result.status ?? 1);
