import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { epochMs, startFsyncProbe } from './fsync-probe.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('the disk probe', () => {
  it('times flushes on a thread of its own, says the longest of a stretch, and leaves nothing behind', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fsync-probe-test-'));
    dirs.push(dir);
    const probe = await startFsyncProbe(dir, 5);
    const from = epochMs();
    // This event loop is blocked: the flushes go on regardless, on the probe's thread.
    while (epochMs() - from < 200);
    const blockedUntil = epochMs();
    while (probe.flushes() < 3 && epochMs() - from < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(probe.flushes()).toBeGreaterThanOrEqual(3);
    expect(probe.longestMs(from, blockedUntil)).toBeGreaterThan(0);
    expect(probe.longestMs(from, epochMs())).toBeLessThan(10_000);
    // Nothing flushed before the probe started.
    expect(probe.longestMs(from - 60_000, from - 30_000)).toBe(0);
    await probe.stop();
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(dir)).toBe(true);
  });
});
