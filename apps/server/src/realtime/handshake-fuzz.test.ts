// @slow-tier fuzzes the sockets' handshake of server processes.
import fc from 'fast-check';
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { openSocket, within, type ClientSocket } from '../test/socket-test-bed.ts';
import { createTestDatabase } from '../test/test-database.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * Sends `head` (an HTTP request head, written byte for byte as a client may) and resolves with the
 * status line of the answer, or '' when the server closed without one or said nothing in time.
 */
function rawRequest(port: number, head: Buffer, waitMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    let received = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received.split('\r\n')[0] ?? '');
    };
    const timer = setTimeout(done, waitMs);
    socket.on('connect', () => socket.end(head));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
  });
}

/** One request head: the request line, then each header line as given (a name may come several times). */
function head(target: string, headers: [string, string][]): Buffer {
  const lines = [`GET ${target} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
}

const UPGRADE_HEADERS: [string, string][] = [
  ['Connection', 'Upgrade'],
  ['Upgrade', 'websocket'],
  ['Sec-WebSocket-Version', '13'],
  ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
];

/** Header values of every kind a stranger may send: the probe's `null`, empty, garbage, huge, unicode. */
const headerValue = fc.oneof(
  fc.constantFrom('null', '', ' ', 'http://', 'https://evil.example', 'http://127.0.0.1', 'file://', '*'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.webUrl(),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('\u202enull', 'https://\u00e9vil.example', '\u0000', 'a\u0085b', '%00', '%zz'),
);
/** Header values only: no line breaks (a header injection is another test: the parser refuses it). */
const lineValue = headerValue.map((value) => value.replace(/[\r\n]/g, ''));

const queryPart = fc.oneof(
  fc.constantFrom(
    'EIO=4&transport=polling',
    'EIO=4&transport=websocket',
    'EIO=3',
    'EIO=5',
    'EIO=&transport=',
  ),
  fc.string({ maxLength: 60 }).map((junk) => `EIO=4&transport=polling&sid=${encodeURIComponent(junk)}`),
  fc
    .dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }))
    .map((params) => new URLSearchParams({ EIO: '4', transport: 'polling', ...params }).toString()),
  fc.string({ maxLength: 60 }).map((junk) => junk.replace(/[\s#]/g, '')),
);

describe('the Socket.IO handshake and its frames under generated input (QUALITY R2)', () => {
  let database: Database;
  let server: ServerProcess;
  let cookie = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({ databaseUrl: database.url });
    cookie = (await createMember({ db: database.db })).cookie;
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
    await database?.close();
  });

  /** The server process is alive and still does a real handshake. */
  async function expectServing(after: string) {
    const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`).catch(
      (error: Error) => error,
    );
    expect(
      res instanceof Error ? res.message : res.status,
      `the server stopped answering after ${after}`,
    ).toBe(200);
  }

  it('refuses `Origin: null` (a sandboxed iframe) over polling and upgrade, and goes on', async () => {
    const host: [string, string] = ['Host', `127.0.0.1:${server.port}`];
    const polling = await rawRequest(
      server.port,
      head('/socket.io/?EIO=4&transport=polling', [host, ['Origin', 'null'], ['Cookie', cookie]]),
    );
    expect(polling).toMatch(/^HTTP\/1\.1 (400|403)/);
    const upgrade = await rawRequest(
      server.port,
      head('/socket.io/?EIO=4&transport=websocket', [
        host,
        ['Origin', 'null'],
        ['Cookie', cookie],
        ...UPGRADE_HEADERS,
      ]),
    );
    expect(upgrade).not.toMatch(/^HTTP\/1\.1 101/);
    await expectServing('Origin: null');
    // The app's own origin still gets in.
    const socket = await openSocket(server.url, cookie);
    socket.disconnect();
  });

  it('survives generated Origin, Cookie, Host, query and header values, polling and upgrading', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          query: queryPart,
          origins: fc.array(lineValue, { maxLength: 3 }),
          cookie: fc.option(
            fc.oneof(
              lineValue,
              lineValue.map((junk) => `${cookie}; motema_session=${junk}`),
            ),
          ),
          host: fc.option(lineValue),
          extra: fc.array(
            fc.tuple(
              fc.constantFrom(
                'X-Forwarded-For',
                'Sec-WebSocket-Key',
                'Accept',
                'Referer',
                'Sec-WebSocket-Protocol',
                'Sec-WebSocket-Extensions',
              ),
              lineValue,
            ),
            { maxLength: 3 },
          ),
          upgrade: fc.boolean(),
        }),
        async ({ query, origins, cookie: sentCookie, host, extra, upgrade }) => {
          const headers: [string, string][] = [
            ['Host', host ?? `127.0.0.1:${server.port}`],
            ...origins.map((origin): [string, string] => ['Origin', origin]),
            ...(sentCookie === null ? [] : [['Cookie', sentCookie] as [string, string]]),
            ...(upgrade ? UPGRADE_HEADERS : []),
            ...extra,
          ];
          await rawRequest(server.port, head(`/socket.io/?${query}`, headers), 1500);
          await expectServing(JSON.stringify({ query, origins, host, upgrade }).slice(0, 300));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('survives every client event with generated arguments, binary included, with and without an ack', async () => {
    const events = [
      'chats:messages:send',
      'chats:messages:deliver',
      'chats:messages:read',
      'chats:typing',
      'users:presence:watch',
      'users:presence:unwatch',
      'users:users:update:coordinates',
      'events',
      'error',
      'unknown:event',
    ];
    const argument = fc.oneof(
      fc.anything({ maxDepth: 3, withNullPrototype: true }),
      fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
      fc.record({ conversationId: fc.uuid(), clientId: fc.uuid(), text: fc.string(), seq: fc.anything() }),
    );
    let socket: ClientSocket | undefined;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...events),
        fc.array(argument, { maxLength: 3 }),
        fc.boolean(),
        async (event, args, withAck) => {
          if (!socket?.connected) socket = await openSocket(server.url, cookie);
          const emit = socket.emit.bind(socket) as unknown as (name: string, ...rest: unknown[]) => void;
          if (withAck) {
            const answered = new Promise<unknown>((resolve) => emit(event, ...args, resolve));
            // Known events answer; an unknown one may not: either way the server must go on.
            await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 100))]);
          } else {
            emit(event, ...args);
          }
          await expectServing(`the event ${event}`);
        },
      ),
      { numRuns: 150 },
    );
    socket?.disconnect();
  });

  it('survives raw engine.io frames that are not Socket.IO packets, text and binary', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.constantFrom(
            '2',
            '3',
            '4',
            '5',
            '6',
            '2["chats:typing"',
            '21["x"]',
            '51-["a",{"_placeholder":true,"num":9}]',
            // Reserved names the client library will not emit, as a raw packet does.
            '2["disconnecting","x"]',
            '2["disconnect"]',
            '2["newListener","chats:typing"]',
            '20["error",{}]',
          ),
          fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes)),
        ),
        async (frame) => {
          const socket = await openSocket(server.url, cookie);
          const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
          (socket.io.engine as unknown as { write: (data: string | Buffer) => void }).write(frame);
          await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 200))]);
          socket.disconnect();
          await expectServing(`the frame ${JSON.stringify(frame).slice(0, 100)}`);
        },
      ),
      { numRuns: 60 },
    );
    const last = await within(openSocket(server.url, cookie), 'a socket after the frames');
    expect(last.connected).toBe(true);
    last.disconnect();
  });
});
