// @slow-tier starts the server's process and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { http2Client } from './test/http2-client.ts';
import { selfSignedCertificate } from './test/self-signed-certificate.ts';
import { createTestDatabase } from './test/test-database.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

type Running = { child: ChildProcess; url: string; output: () => string };

/** Every server started here, killed after the tests whatever happened (a failed test leaks none). */
const started = new Set<ChildProcess>();

/** Starts `main.ts` as `npm start` does and waits for its "Database:" line, printed once it listens. */
function startServer(
  dataDir: string,
  pgPort: number,
  extraEnv: Record<string, string> = {},
): Promise<Running> {
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: dataDir,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (https?:\/\/\S+)[\s\S]*Database: /.exec(output);
      if (match) resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1'), output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stopServer(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

async function outboxCode(url: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    const code = messages[0] && /\b(\d{6})\b/.exec(messages[0].text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the server process', () => {
  let dataDir = '';
  afterAll(async () => {
    for (const child of started) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('creates its database on first start, stops cleanly on SIGTERM and finds every account again', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-main-'));
    await chmod(dataDir, 0o755);
    const pgPort = 40000 + Math.floor(Math.random() * 10000);
    const email = 'restart@example.com';

    const first = await startServer(dataDir, pgPort);
    expect(first.output()).toContain(`data in ${path.join(dataDir, 'postgres')}`);
    const registered = await post(`${first.url}/api/auth/register`, {
      username: 'restart_test',
      email,
      password: 'kinshasa-by-night',
      dateOfBirth: '1990-06-30',
      acceptTerms: true,
    });
    expect(registered.status).toBe(202);
    const code = await outboxCode(first.url, email);
    expect((await post(`${first.url}/api/auth/confirm`, { email, code })).status).toBe(200);
    expect(await stopServer(first)).toBe(0);
    expect(first.output()).toContain('Stopped cleanly');

    const second = await startServer(dataDir, pgPort);
    const login = await post(`${second.url}/api/auth/login`, {
      identifier: 'restart_test',
      password: 'kinshasa-by-night',
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { email: string }).email).toBe(email);
    expect(await stopServer(second)).toBe(0);
  }, 120_000);

  it('uses the PostgreSQL of DATABASE_URL instead, with the same migrations', async () => {
    const external = await createTestDatabase();
    try {
      // A fresh, empty database: the server must create every table itself.
      await external.pool.query(
        'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
      );
      const running = await startServer(dataDir || os.tmpdir(), 65000, { DATABASE_URL: external.url });
      expect(running.output()).toContain('Database: DATABASE_URL');
      const registered = await post(`${running.url}/api/auth/register`, {
        username: 'external_db',
        email: 'external@example.com',
        password: 'kinshasa-by-night',
        dateOfBirth: '1990-06-30',
        acceptTerms: true,
      });
      expect(registered.status).toBe(202);
      expect(await stopServer(running)).toBe(0);
      const { rows } = await external.pool.query('select username from users');
      expect(rows).toEqual([{ username: 'external_db' }]);
    } finally {
      await external.close();
    }
  }, 60_000);

  it('serves HTTP/2 over TLS given TLS_CERT_FILE and TLS_KEY_FILE, and stops cleanly with a session open', async () => {
    const external = await createTestDatabase();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-main-tls-'));
    try {
      const certificate = selfSignedCertificate();
      await writeFile(path.join(dir, 'cert.pem'), certificate.cert);
      await writeFile(path.join(dir, 'key.pem'), certificate.key);
      const running = await startServer(dir, 65001, {
        DATABASE_URL: external.url,
        TLS_CERT_FILE: path.join(dir, 'cert.pem'),
        TLS_KEY_FILE: path.join(dir, 'key.pem'),
      });
      expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(running.output()).toContain('Protocols: HTTP/2 and HTTP/1.1 over TLS');
      const client = await http2Client(running.url, certificate.cert);
      expect(client.session.alpnProtocol).toBe('h2');
      expect((await client.request('/api/health')).status).toBe(200);
      // A member's tab keeps its HTTP/2 connection open: the stop must not wait for it (15 s, exit 1).
      expect(await stopServer(running)).toBe(0);
      expect(running.output()).toContain('Stopped cleanly');
      await client.close();
    } finally {
      await external.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
