#!/usr/bin/env node
// End-to-end runner: starts the real server (embedded PostgreSQL in a fresh temporary data folder)
// on free ports, runs every journey of e2e/journeys/*.ts in Debian's Chromium through playwright-core,
// saves screenshots of failed journeys to e2e/results/, then stops the server with SIGTERM and checks
// that it exits cleanly. The last line printed is `N passed, M failed`.
//
// Usage: node e2e/run.mjs [filter]   (filter: run only journeys whose file or name contains it)
// Env: E2E_CONCURRENCY (1 or 2, default 2), E2E_LOG_LEVEL (server log level, default warn), E2E_HEADED=1,
// E2E_WEB_DIST (the web build to serve, default apps/web/dist), E2E_RESULTS_DIR (default e2e/results).
// A local Web Push service (packages/push-sim) runs beside the server; journeys find it at E2E_PUSH_SERVICE.
// The parts: runner/server.mjs (the server), runner/journeys.mjs (loading and running journeys),
// runner/chromium.mjs, runner/output.mjs (what is printed), runner/paths.mjs.
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureChromium } from './runner/chromium.mjs';
import { loadJourneys, runJourney } from './runner/journeys.mjs';
import { finish, report, say, seconds } from './runner/output.mjs';
import { RESULTS_DIR, ROOT, WEB_INDEX } from './runner/paths.mjs';
import { startServer, stopServer, waitUntilReady } from './runner/server.mjs';

const CONCURRENCY = Math.min(2, Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 2) || 1));
const filter = process.argv[2];

const started = Date.now();

let activeServer = null;

function die(message) {
  activeServer?.killGroup();
  say(`\ne2e: ${message}`);
  finish(0, 1);
}

async function main() {
  const missing = ensureChromium();
  if (missing) die(missing);
  if (!existsSync(WEB_INDEX)) die(`no web build in ${path.dirname(WEB_INDEX)}: run "npm run build" first.`);
  await rm(RESULTS_DIR, { recursive: true, force: true });
  await mkdir(RESULTS_DIR, { recursive: true });

  const journeys = await loadJourneys(filter);
  if (journeys.length === 0)
    die(filter ? `no journey matches "${filter}".` : 'no journeys in e2e/journeys/.');

  // The local Web Push service (packages/push-sim, on 127.0.0.1): the server posts the journeys'
  // pushes there, and they read what it decrypted (E2E_PUSH_SERVICE). Loaded once tsx is registered.
  const { startPushService } = await import('../packages/push-sim/src/index.ts');
  const pushService = await startPushService();
  process.env.E2E_PUSH_SERVICE = pushService.origin;

  say('e2e: starting the server (embedded PostgreSQL in a temporary folder)...');
  const server = await startServer({ pushServiceOrigin: pushService.origin });
  activeServer = server;
  const abort = () => {
    server.killGroup();
    process.exit(130);
  };
  process.on('SIGINT', abort);
  process.on('SIGTERM', abort);
  try {
    await waitUntilReady(server);
  } catch (error) {
    say(server.output());
    server.killGroup();
    await rm(server.dataDir, { recursive: true, force: true });
    die(`${error.message} (log: ${path.relative(ROOT, server.logFile)}).`);
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = server.databaseUrl;
  say(
    `e2e: server ready at ${server.url} in ${seconds(Date.now() - started)}; ${journeys.length} journeys, ${CONCURRENCY} at a time`,
  );

  const { chromium } = await import('playwright-core');
  const results = [];
  const queue = [...journeys];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const result = await runJourney(chromium, next, server.url);
        results.push(result);
        report(result);
      }
    }),
  );

  const stopProblem = await stopServer(server);
  activeServer = null;
  await pushService.close();
  await rm(server.dataDir, { recursive: true, force: true });
  if (stopProblem) {
    say(`  FAIL server stops cleanly on SIGTERM: ${stopProblem}`);
    say(server.output().split('\n').slice(-30).join('\n'));
  } else {
    say('  ok   server stops cleanly on SIGTERM');
  }

  const failed = results.filter((result) => result.error).length + (stopProblem ? 1 : 0);
  const passed = results.length + 1 - failed;
  const failedNames = results.filter((result) => result.error).map((result) => result.name);
  if (stopProblem) failedNames.push('server stops cleanly on SIGTERM');
  if (failed) say(`\ne2e: failed: ${failedNames.join(', ')}`);
  say(`e2e: done in ${seconds(Date.now() - started)}; server log in ${path.relative(ROOT, server.logFile)}`);
  finish(passed, failed);
}

main().catch((error) => die(error.stack ?? String(error)));
