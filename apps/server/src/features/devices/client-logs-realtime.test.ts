import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_LOGS_MAX, CLIENT_LOG_TEXT_MAX, type ClientLog } from '@motema/shared/devices';
import type { TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { eventually, settle, socketTestBed } from '../../test/socket-test-bed.ts';
import { CLIENT_LOG_BATCHES_PER_MINUTE } from './client-logs-realtime.ts';

type Line = { fields: Record<string, unknown>; message: string; level: 'warn' | 'info' };

describe('the socket event `events` (client logs)', () => {
  const bed = socketTestBed();
  let t: TestApp;
  let member: Member;
  let lines: Line[];
  beforeAll(async () => {
    t = bed.t;
    member = await createMember(t);
  });
  // The server log as the app writes it (the test app logs nowhere): every client line it records.
  const listen = () => {
    lines = [];
    for (const level of ['warn', 'info'] as const) {
      vi.spyOn(t.app.log, level).mockImplementation(((fields: Record<string, unknown>, message: string) => {
        if (typeof message === 'string' && message.startsWith('client '))
          lines.push({ fields, message, level });
      }) as never);
    }
  };
  afterEach(() => vi.restoreAllMocks());

  const error = (message: string, extra: Partial<ClientLog> = {}): ClientLog => ({
    level: 'error',
    message,
    ...extra,
  });

  it("records each entry with the member's id, the path without its query, and nothing else of theirs", async () => {
    listen();
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

  it('drops a batch over the cap whole: too many entries, or a text too long', async () => {
    listen();
    const socket = await bed.socketOf(member);
    socket.emit('events', {
      logs: Array.from({ length: CLIENT_LOGS_MAX + 1 }, (_, i) => error(`too many ${i}`)),
    });
    socket.emit('events', { logs: [error('x'.repeat(CLIENT_LOG_TEXT_MAX + 1))] });
    socket.emit('events', { logs: 'not a list' } as never);
    socket.emit('events', { logs: [error('after the refused ones')] });
    await eventually(() =>
      expect(lines.map((line) => line.fields.client)).toContainEqual(
        expect.objectContaining({ message: 'after the refused ones' }),
      ),
    );
    await settle();
    expect(lines).toHaveLength(1);
  });

  it('records at most CLIENT_LOG_BATCHES_PER_MINUTE batches a minute per socket, then drops them', async () => {
    listen();
    const socket = await bed.socketOf(member);
    for (let i = 0; i < CLIENT_LOG_BATCHES_PER_MINUTE + 5; i++)
      socket.emit('events', { logs: [error(`batch ${i}`)] });
    await eventually(() => expect(lines).toHaveLength(CLIENT_LOG_BATCHES_PER_MINUTE));
    await settle();
    expect(lines).toHaveLength(CLIENT_LOG_BATCHES_PER_MINUTE);
    // Another socket (another device) has its own allowance.
    const other = await bed.socketOf(member);
    other.emit('events', { logs: [error('from another socket')] });
    await eventually(() => expect(lines).toHaveLength(CLIENT_LOG_BATCHES_PER_MINUTE + 1));
  });
});
