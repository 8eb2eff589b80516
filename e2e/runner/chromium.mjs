// Debian's Chromium for the end-to-end journeys: where it is, how it is started, installing it if missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { say } from './output.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A fake microphone (a tone) for voice notes, granted without a prompt.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * Debian's Chromium at /usr/bin/chromium, installed with apt when missing and we are root.
 * Returns why it cannot be had, or null once it is there.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return null;
  if (process.getuid?.() !== 0) {
    return `Chromium is missing at ${CHROMIUM}. Install it (Debian: sudo apt-get install -y chromium) and run again.`;
  }
  say(`e2e: Chromium is missing at ${CHROMIUM}; installing Debian's chromium package with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.status !== 0) {
      return `"apt-get ${args.join(' ')}" failed (${result.error?.message ?? `exit ${result.status}`}): cannot install Chromium.`;
    }
  }
  if (!existsSync(CHROMIUM)) return `apt-get installed chromium but ${CHROMIUM} is still missing.`;
  say('e2e: Chromium installed.');
  return null;
}
