#!/usr/bin/env node
/**
 * `npm run mobile:sync`: `cap sync` copies the web app's build (apps/web/dist, `npm run build`) into
 * the Android and iOS projects and brings their plugin lists up to date. It needs no SDK and no network
 * beyond npm's install, so CI runs it (scripts/test.mjs); building the apps needs the SDKs
 * (docs/mobile-app.md). Run as in CI (`CI=1`): Capacitor's CLI then asks nothing and sends no usage
 * metrics (its telemetry turns itself on in an interactive terminal).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
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
if (result.status === 0) dropPrecompressed(path.join(HERE, 'ios/App/App/public'));
process.exit(result.status ?? 1);

/**
 * The web build's precompressed copies (*.br, *.gz: the server's, 3 of its 7 MB) have no use in the app,
 * whose web view reads the files themselves: out of the iOS copy (Android's build leaves them out by
 * its assets pattern, android/app/build.gradle).
 */
function dropPrecompressed(folder) {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(br|gz)$/.test(entry.name)) rmSync(path.join(entry.parentPath, entry.name));
  }
}
