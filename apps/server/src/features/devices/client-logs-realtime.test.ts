import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_LOGS_MAX,
  CLIENT_LOGS_MAX_BYTES,
  CLIENT_LOG_TEXT_MAX,
  clientLogsBytes,
  type ClientLog,
} from '@motema/shared/devices';
import type { TestApp } from '../../test/build-test-app.ts';
import { createMember, newSession, type Member } from '../../test/factories.ts';
import {
  eventually,
  settle,
  socketTestBed,
  welcomed,
  type SocketTestBed,
} from '../../test/socket-test-bed.ts';
import { MAX_SOCKET_PAYLOAD_BYTES, MAX_SOCKETS_PER_SESSION } from '../../realtime/server.ts';
import {
  CLIENT_LOG_BATCHES_PER_ADDRESS_PER_MINUTE,
  CLIENT_LOG_BATCHES_PER_MINUTE,
} from './client-logs-realtime.ts';

type Line = { fields: Record<string, unknown>; message: string; level: 'warn' | 'info' };

const error = (message: string, extra: Partial<ClientLog> = {}): ClientLog => ({
  level: 'error',
  message,
  ...extra,
});
/** An entry as long as the schema lets an app's error be: a 2,000-character message and stack. */
const largest = (i: number) =>
  error(`${i} ${'m'.repeat(CLIENT_LOG_TEXT_MAX - 6)}`, { stack: 's'.repeat(CLIENT_LOG_TEXT_MAX) });
/** The most such entries a batch may hold within CLIENT_LOGS_MAX_BYTES. */
const largestBatch = () => {
  const logs = [largest(0)];
  while (clientLogsBytes([...logs, largest(logs.length)]) <= CLIENT_LOGS_MAX_BYTES)
    logs.push(largest(logs.length));
  return { logs };
};

/** Every client line the app records in the server log (the test app logs nowhere), from then on. */
function listen(bed: SocketTestBed): Line[] {
  const lines: Line[] = [];
  for (const level of ['warn', 'info'] as const) {
    vi.spyOn(bed.t.app.log, level).mockImplementation(((fields: Record<string, unknown>, message: string) => {
      if (typeof message === 'string' && message.startsWith('client '))
        lines.push({ fields, message, level });
    }) as never);
  }
  return lines;
}

/** Each line's entry as the app sent it, without the path the server trims. */
const recorded = (lines: Line[]) => lines.map((line) => (line.fields.client as ClientLog).message);

describe('the socket event `events` (client logs)', () => {
  const bed = socketTestBed();
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = bed.t;
    member = await createMember(t);
  });
  afterEach(() => vi.restoreAllMocks());

  it("records each entry with the member's id, the path without its query, and nothing else of theirs", async () => {
    const lines = listen(bed);
    const socket = await bed.socketOf(member);
    socket.emit('events', {
      logs: [
        error('TypeError: x is undefined', {
          stack: 'at thread.tsx:12',
          path: '/messages/abc?token=secret#top',
          at: 1_700_000_000_000,
        }),
        { level: 'info', message: 'service worker updated' },
      ],
    });
    await eventually(() => expect(lines).toHaveLength(2));
    expect(lines[0]).toEqual({
      level: 'warn',
      message: 'client error',
      fields: {
        userId: member.user.id,
        client: {
          level: 'error',
          message: 'TypeError: x is undefined',
          stack: 'at thread.tsx:12',
          path: '/messages/abc',
          at: 1_700_000_000_000,
        },
      },
    });
    expect(lines[1]).toMatchObject({ level: 'info', message: 'client log' });
    expect(JSON.stringify(lines)).not.toContain('secret');
    expect(JSON.stringify(lines)).not.toContain(member.user.username);
  });

  it('drops a batch over the caps whole: too many entries, a text too long, too many bytes', async () => {
    const lines = listen(bed);
    const socket = await bed.socketOf(member);
    socket.emit('events', {
      logs: Array.from({ length: CLIENT_LOGS_MAX + 1 }, (_, i) => error(`too many ${i}`)),
    });
    socket.emit('events', { logs: [error('x'.repeat(CLIENT_LOG_TEXT_MAX + 1))] });
    socket.emit('events', { logs: 'not a list' } as never);
    // Under the socket's frame limit (the socket stays), over the batch's bytes.
    const tooLarge = Array.from({ length: 12 }, (_, i) => largest(i));
    expect(clientLogsBytes(tooLarge)).toBeGreaterThan(CLIENT_LOGS_MAX_BYTES);
    expect(clientLogsBytes(tooLarge)).toBeLessThan(MAX_SOCKET_PAYLOAD_BYTES - 1024);
    socket.emit('events', { logs: tooLarge });
    socket.emit('events', { logs: [error('after the refused ones')] });
    await eventually(() =>
      expect(lines.map((line) => line.fields.client)).toContainEqual(
        expect.objectContaining({ message: 'after the refused ones' }),
      ),
    );
    await settle();
    expect(lines).toHaveLength(1);
    expect(socket.connected).toBe(true);
  });

  it('records a batch of the largest size the caps allow whole, the socket kept', async () => {
    const lines = listen(bed);
    const socket = await bed.socketOf(await createMember(t));
    const batch = largestBatch();
    expect(batch.logs.length).toBeGreaterThan(1);
    socket.emit('events', batch);
    await eventually(() => expect(lines).toHaveLength(batch.logs.length));
    expect(socket.connected).toBe(true);
  });

  it('records at most CLIENT_LOG_BATCHES_PER_MINUTE batches a minute per member, however many sockets', async () => {
    const lines = listen(bed);
    const flooder = await createMember(t);
    // The probe's flood: 20 sockets (two sessions' worth), each sending its own minute's allowance
    // of the largest batches.
    const second = { cookie: (await newSession(t, flooder.user.id)).cookie };
    const sockets = await Promise.all(
      Array.from({ length: 2 * MAX_SOCKETS_PER_SESSION }, (_, i) => bed.socketOf(i % 2 ? second : flooder)),
    );
    const batch = largestBatch();
    for (const socket of sockets)
      for (let i = 0; i < CLIENT_LOG_BATCHES_PER_MINUTE; i++) socket.emit('events', batch);
    const allowed = CLIENT_LOG_BATCHES_PER_MINUTE * batch.logs.length;
    await eventually(() => expect(lines).toHaveLength(allowed));
    await settle();
    expect(lines).toHaveLength(allowed);
    expect(JSON.stringify(lines).length).toBeLessThan(
      CLIENT_LOG_BATCHES_PER_MINUTE * CLIENT_LOGS_MAX_BYTES * 1.1,
    );
    // Another member has their own allowance.
    const other = await bed.socketOf(await createMember(t));
    other.emit('events', { logs: [error('from another member')] });
    await eventually(() => expect(recorded(lines)).toContain('from another member'));
  });
});

describe('the socket event `events` from one address', () => {
  // Behind the proxy the production setup implies: the address is X-Forwarded-For's.
  const bed = socketTestBed({ env: { TRUST_PROXY: 'true' } });
  afterEach(() => vi.restoreAllMocks());

  const socketAt = async (address: string) => {
    const member = await createMember(bed.t);
    const socket = bed.dial({ cookie: member.cookie, 'x-forwarded-for': `${address}, 10.0.0.1` });
    await welcomed(socket);
    return socket;
  };

  it('records at most CLIENT_LOG_BATCHES_PER_ADDRESS_PER_MINUTE batches a minute, whichever members send them', async () => {
    const lines = listen(bed);
    const members = Math.ceil(CLIENT_LOG_BATCHES_PER_ADDRESS_PER_MINUTE / CLIENT_LOG_BATCHES_PER_MINUTE) + 1;
    for (let m = 0; m < members; m++) {
      const socket = await socketAt('198.51.100.7');
      for (let i = 0; i < CLIENT_LOG_BATCHES_PER_MINUTE; i++)
        socket.emit('events', { logs: [error(`${m}:${i}`)] });
    }
    await eventually(() => expect(lines).toHaveLength(CLIENT_LOG_BATCHES_PER_ADDRESS_PER_MINUTE));
    await settle();
    expect(lines).toHaveLength(CLIENT_LOG_BATCHES_PER_ADDRESS_PER_MINUTE);
    // Another address has its own allowance.
    (await socketAt('198.51.100.8')).emit('events', { logs: [error('from another address')] });
    await eventually(() => expect(recorded(lines)).toContain('from another address'));
  });
});
