import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type TestRedis = {
  /** redis://127.0.0.1:<port>, with `:<password>@` when one was set. */
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s), keeping its port and folder for `restart`. */
  halt: () => Promise<void>;
  /** Starts it again on the same port (an outage that ends). */
  restart: () => Promise<void>;
  /** Stops the server and removes its folder. */
  stop: () => Promise<void>;
};

const READY_TIMEOUT_MS = 15_000;

/** Every server started here, killed when the test worker exits whatever happened. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A free TCP port on 127.0.0.1 (the OS picks it; released before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real `redis-server` (Debian's package; `npm test` installs it when missing) on a free port of
 * 127.0.0.1, with its files in a temporary folder and persistence off; `password` makes it require one.
 */
export async function startRedisServer(options: { password?: string } = {}): Promise<TestRedis> {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error(
      'redis-server is missing: `npm test` installs it (Debian: sudo apt-get install -y redis-server).',
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-redis-'));
  const port = await freePort();
  const args = [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    ...(options.password ? ['--requirepass', options.password] : []),
  ];
  let child: ChildProcess | undefined;
  let exited = Promise.resolve();

  async function start() {
    const current = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = current;
    running.add(current);
    let output = '';
    exited = new Promise<void>((resolve) =>
      current.once('exit', () => {
        running.delete(current);
        resolve();
      }),
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        current.kill('SIGKILL');
        reject(new Error(`redis-server did not start in ${READY_TIMEOUT_MS} ms:\n${output}`));
      }, READY_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      current.stdout!.on('data', onData);
      current.stderr!.on('data', onData);
      current.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
  }

  async function halt() {
    if (child && child.exitCode === null && child.signalCode === null) {
      const current = child;
      const force = setTimeout(() => current.kill('SIGKILL'), 5000);
      current.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    }
  }

  await start();
  return {
    url: `redis://${options.password ? `:${options.password}@` : ''}127.0.0.1:${port}`,
    port,
    halt,
    restart: start,
    async stop() {
      await halt();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
