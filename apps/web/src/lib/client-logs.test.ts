import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_LOGS_MAX,
  CLIENT_LOGS_MAX_BYTES,
  CLIENT_LOG_TEXT_MAX,
  ClientLogsSchema,
  type ClientLogs,
} from '@motema/shared/devices';
import {
  captureClientErrors,
  CLIENT_LOGS_FLUSH_MS,
  resetClientLogs,
  setClientLogsSink,
} from './client-logs.ts';

describe('client logs', () => {
  let sent: ClientLogs[];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    resetClientLogs();
    sent = [];
    stop = captureClientErrors(window);
    history.replaceState(null, '', '/messages/abc?token=secret');
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const throwUncaught = (error: unknown) =>
    window.dispatchEvent(new ErrorEvent('error', { error, message: String(error) }));
  const reject = (reason: unknown) => {
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(event, 'reason', { value: reason });
    window.dispatchEvent(event);
  };

  it('sends uncaught errors and rejections in one batch, with the path but never its query', () => {
    setClientLogsSink((logs) => sent.push(logs));
    throwUncaught(new TypeError('x is undefined'));
    reject(new Error('fetch failed'));
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(CLIENT_LOGS_FLUSH_MS);
    expect(sent).toHaveLength(1);
    expect(ClientLogsSchema.safeParse(sent[0]).success).toBe(true);
    expect(sent[0]!.logs).toMatchObject([
      { level: 'error', message: 'TypeError: x is undefined', path: '/messages/abc' },
      { level: 'error', message: 'unhandled rejection: Error: fetch failed', path: '/messages/abc' },
    ]);
    expect(sent[0]!.logs[0]!.stack).toContain('x is undefined');
    expect(JSON.stringify(sent)).not.toContain('secret');
  });

  it('keeps what happens before a socket connects, and sends it once one does', () => {
    reject('plain reason');
    vi.advanceTimersByTime(CLIENT_LOGS_FLUSH_MS * 3);
    setClientLogsSink((logs) => sent.push(logs));
    vi.advanceTimersByTime(CLIENT_LOGS_FLUSH_MS);
    expect(sent.map((batch) => batch.logs.map((log) => log.message))).toEqual([
      ['unhandled rejection: plain reason'],
    ]);
  });

  it('stays within the server’s caps: at most CLIENT_LOGS_MAX a batch and CLIENT_LOGS_MAX_BYTES, texts cut, one batch per interval', () => {
    setClientLogsSink((logs) => sent.push(logs));
    for (let i = 0; i < CLIENT_LOGS_MAX * 10; i++)
      throwUncaught(new Error('y'.repeat(CLIENT_LOG_TEXT_MAX * 2)));
    vi.advanceTimersByTime(CLIENT_LOGS_FLUSH_MS);
    // An error thrown in a loop: the first CLIENT_LOGS_MAX kept, the rest dropped; their 2,000-character
    // messages and stacks (80 KB together) go in batches under the byte cap, one an interval.
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(CLIENT_LOGS_FLUSH_MS * 5);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.flatMap((batch) => batch.logs)).toHaveLength(CLIENT_LOGS_MAX);
    for (const batch of sent) {
      expect(ClientLogsSchema.safeParse(batch).success).toBe(true);
      expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(
        CLIENT_LOGS_MAX_BYTES,
      );
    }
  });

  it('sends an entry of the largest size alone, escaped characters and all', () => {
    setClientLogsSink((logs) => sent.push(logs));
    const escaped = '\u0001'.repeat(CLIENT_LOG_TEXT_MAX);
    for (let i = 0; i < 3; i++) throwUncaught(Object.assign(new Error(escaped), { stack: escaped }));
    vi.advanceTimersByTime(CLIENT_LOGS_FLUSH_MS * 3);
    expect(sent.map((batch) => batch.logs.length)).toEqual([1, 1, 1]);
    for (const batch of sent) expect(ClientLogsSchema.safeParse(batch).success).toBe(true);
  });
});
