// Where the end-to-end runner (e2e/run.mjs) finds the repository's parts, and which Node runs the server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const JOURNEYS_DIR = path.join(ROOT, 'e2e', 'journeys');
// Both may be moved, so that runs of several working copies of the app side by side do not share them.
export const RESULTS_DIR = path.resolve(process.env.E2E_RESULTS_DIR ?? path.join(ROOT, 'e2e', 'results'));
export const WEB_DIST = path.resolve(process.env.E2E_WEB_DIST ?? path.join(ROOT, 'apps', 'web', 'dist'));
export const WEB_INDEX = path.join(WEB_DIST, 'index.html');
export const SERVER_MAIN = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');
// The pinned Node 24 of the repository (see docs/decisions/0002), whatever Node runs this file.
const PINNED_NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
export const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;
