import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushJob } from '../push-jobs.ts';
import { createMessagePushBatch, MESSAGE_PUSH_BATCH_MS } from './message-push-batch.ts';

const message = (userId: string, conversation: string): PushJob => ({
  userId,
  kind: 'message',
  ref: conversation,
});

describe('the messages’ push jobs, gathered a moment', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** `failing.reads` reads and `failing.sends` sends fail next (the database away). */
  function fixture(withDevice: string[], failing = { reads: 0, sends: 0 }, tries?: number) {
    const reads: string[][] = [];
    const sent: PushJob[] = [];
    const reported: unknown[] = [];
    const batch = createMessagePushBatch({
      reachable: async (userIds) => {
        reads.push([...userIds]);
        if (failing.reads > 0 && failing.reads--) throw new Error('database away');
        return new Set(withDevice.filter((id) => userIds.includes(id)));
      },
      send: async (job) => {
        if (failing.sends > 0 && failing.sends--) throw new Error('database away');
        sent.push(job);
      },
      report: (error) => void reported.push(error),
      tries,
    });
    return { batch, reads, sent, reported, failing };
  }

  it('reads once for every message of the moment and sends one job per member and conversation with a device', async () => {
    const f = fixture(['ama', 'kofi']);
    for (let i = 0; i < 50; i++) f.batch.add(message('ama', 'c1'));
    f.batch.add(message('ama', 'c2'));
    f.batch.add(message('kofi', 'c3'));
    f.batch.add(message('zola', 'c4'));
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS - 1);
    expect(f.reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.reads).toEqual([['ama', 'kofi', 'zola']]);
    expect(f.sent).toEqual([message('ama', 'c1'), message('ama', 'c2'), message('kofi', 'c3')]);
    // The next moment is a batch of its own.
    f.batch.add(message('kofi', 'c3'));
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS);
    expect(f.reads).toHaveLength(2);
    expect(f.sent).toHaveLength(4);
  });

  it('tries again what a failed read or send left unsent, waiting longer each time, until the database answers', async () => {
    const f = fixture(['ama', 'kofi'], { reads: 1, sends: 0 });
    f.batch.add(message('ama', 'c1'));
    f.batch.add(message('kofi', 'c2'));
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS);
    expect(f.reads).toHaveLength(1);
    expect(f.sent).toEqual([]);
    // The read failed: the batch is read again after the delay; then one of its two sends fails.
    f.failing.sends = 1;
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS);
    expect(f.reads).toEqual([
      ['ama', 'kofi'],
      ['ama', 'kofi'],
    ]);
    expect(f.sent).toEqual([message('kofi', 'c2')]);
    // Only the job not sent goes again, after twice the delay.
    await vi.advanceTimersByTimeAsync(2 * MESSAGE_PUSH_BATCH_MS - 1);
    expect(f.reads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.reads[2]).toEqual(['ama']);
    expect(f.sent).toEqual([message('kofi', 'c2'), message('ama', 'c1')]);
    expect(f.reported).toEqual([]);
  });

  it('reports the jobs dropped after their last try; the next message is sent', async () => {
    const f = fixture(['ama'], { reads: 3, sends: 0 }, 3);
    f.batch.add(message('ama', 'c1'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.reads).toHaveLength(3);
    expect(f.reported).toHaveLength(1);
    f.batch.add(message('ama', 'c2'));
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS);
    expect(f.sent).toEqual([message('ama', 'c2')]);
  });

  it('tries again, after the delay, a job another trigger failed to send at once', async () => {
    const f = fixture(['ama']);
    const like: PushJob = { userId: 'ama', kind: 'like', ref: 'kofi' };
    f.batch.retry(like);
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS - 1);
    expect(f.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.sent).toEqual([like]);
  });

  it('drops what gathered when the app closes, a job waiting to be tried again included', async () => {
    const closing = fixture(['ama']);
    closing.batch.add(message('ama', 'c1'));
    closing.batch.stop();
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS * 2);
    expect(closing.reads).toEqual([]);
    const retrying = fixture(['ama'], { reads: 1, sends: 0 });
    retrying.batch.add(message('ama', 'c1'));
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS);
    retrying.batch.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(retrying.reads).toHaveLength(1);
    expect(retrying.reported).toEqual([]);
  });
});
