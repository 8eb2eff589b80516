import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, waitFor } from './test/factories.ts';
import { NODE } from './test/server-process.ts';
import { disconnection, socketClients, within } from './test/socket-test-bed.ts';
import { createTestDatabase } from './test/test-database.ts';

const FIXTURE = fileURLToPath(new URL('./test/stray-error-server.ts', import.meta.url));
type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * The process guards (decision 0012) in a real process: errors that escape work done for one client
 * cost that client alone (500 or a dropped socket, logged); one outside any request stops the server.
 */
describe('an error nobody caught', () => {
  let database: Database;
  let child: ChildProcess;
  let output = '';
  let url = '';
  let exited: Promise<number | null>;
  const sockets = socketClients();

  beforeAll(async () => {
    database = await createTestDatabase();
    child = spawn(NODE, ['--import', 'tsx', FIXTURE], {
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => child.once('exit', resolve));
    const port = await within(
      new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const found = /listening (\d+)/.exec(output);
          if (found) resolve(found[1]!);
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
      }),
      'the stray-error server',
      60_000,
    );
    url = `http://127.0.0.1:${port}`;
  }, 90_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.close();
  });

  /** The process still answers a request that has nothing to do with the failed one. */
  async function expectServing() {
    expect((await fetch(`${url}/socket.io/?EIO=4&transport=polling`)).status).toBe(200);
  }
  const logged = (text: string) => waitFor(async () => output.includes(text) || undefined, text);

  it('answers 500 to a request whose timer threw, logs it, and goes on', async () => {
    const res = await fetch(`${url}/stray/timer`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      statusCode: 500,
      code: 'internal',
      message: expect.any(String),
    });
    await logged('uncaught exception in GET /stray/timer');
    await expectServing();
  });

  it("answers 500 to a request whose emitter's 'error' nobody listened to", async () => {
    expect((await fetch(`${url}/stray/emitter`)).status).toBe(500);
    await logged('uncaught exception in GET /stray/emitter');
    await expectServing();
  });

  it('logs a promise rejected with nobody waiting, and goes on', async () => {
    expect((await fetch(`${url}/stray/rejection`)).status).toBe(200);
    await logged('unhandled promise rejection in GET /stray/rejection');
    await expectServing();
  });

  it('drops the socket whose event handler started work that threw, and goes on', async () => {
    const { cookie } = await createMember({ db: database.db });
    const socket = await sockets.open(url, cookie);
    const dropped = disconnection(socket);
    socket.emit('events', { logs: [] });
    expect(await within(dropped, 'the socket dropped')).toBe('io server disconnect');
    await logged('uncaught exception in socket event events');
    const again = await sockets.open(url, cookie);
    expect(again.connected).toBe(true);
    await expectServing();
  });

  it('stops the server on an error outside any request', async () => {
    child.kill('SIGUSR2');
    expect(await within(exited, 'the server to stop')).toBe(70);
    expect(output).toContain('uncaught exception outside any request');
  });
});
