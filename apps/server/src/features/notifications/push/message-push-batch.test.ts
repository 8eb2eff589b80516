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

  function fixture(withDevice: string[], fail = false) {
    const reads: string[][] = [];
    const sent: PushJob[] = [];
    const reported: unknown[] = [];
    const batch = createMessagePushBatch({
      reachable: async (userIds) => {
        reads.push([...userIds]);
        if (fail) throw new Error('database away');
        return new Set(withDevice.filter((id) => userIds.includes(id)));
      },
      send: async (job) => void sent.push(job),
      report: (error) => void reported.push(error),
    });
    return { batch, reads, sent, reported };
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

  it('reports a failed read (nobody awaits it), and drops what gathered when the app closes', async () => {
    const failing = fixture(['ama'], true);
    failing.batch.add(message('ama', 'c1'));
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS);
    expect(failing.reported).toHaveLength(1);
    const closing = fixture(['ama']);
    closing.batch.add(message('ama', 'c1'));
    closing.batch.stop();
    await vi.advanceTimersByTimeAsync(MESSAGE_PUSH_BATCH_MS * 2);
    expect(closing.reads).toEqual([]);
  });
});
