import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  childGcPauses,
  describeGcPauses,
  markingStepsOfTraceLine,
  ownGcPauses,
  pauseOfTraceLine,
  TRACE_GC_LINE,
} from './gc-pauses.ts';
import { startNode } from './processes.ts';

describe('GC pauses', () => {
  it("reads the pause of every collection in the running Node's GC log, minor and full", () => {
    const script = 'let kept = []; for (let i = 0; i < 2e6; i++) kept.push({ i }); globalThis.gc();';
    const result = spawnSync(process.execPath, ['--trace-gc', '--expose-gc', '-e', script], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => TRACE_GC_LINE.test(line));
    expect(lines.some((line) => line.includes('Scavenge'))).toBe(true);
    expect(lines.some((line) => line.includes('Mark-Compact'))).toBe(true);
    const pauses = lines.map(pauseOfTraceLine);
    expect(pauses.every((ms) => ms !== undefined && ms >= 0)).toBe(true);
    expect(pauseOfTraceLine('Motema is running at http://127.0.0.1:3000')).toBeUndefined();
  });

  it("reads a full collection's incremental marking steps beside its pause, and none on a scavenge", () => {
    // Lines of the app server's own log in B3 (Node 24's V8).
    const markCompact =
      '[9174:0x21261000]    68616 ms: Mark-Compact 399.3 (528.9) -> 153.9 (350.4) MB, pooled: 178 MB, 30.19 / 0.00 ms  (+ 140.2 ms in 28 steps since start of marking, biggest step 19.4 ms, walltime since start of marking 211 ms) (average mu = 0.994, current mu = 0.994) finalize incremental marking via stack guard; GC in old space requested';
    const scavenge =
      '[9174:0x21261000]    67817 ms: Scavenge 444.1 (525.4) -> 395.9 (526.9) MB, pooled: 0 MB, 9.08 / 0.00 ms  (average mu = 0.993, current mu = 0.995) task; ';
    expect(pauseOfTraceLine(markCompact)).toBe(30.19);
    expect(markingStepsOfTraceLine(markCompact)).toBe(140.2);
    expect(pauseOfTraceLine(scavenge)).toBe(9.08);
    expect(markingStepsOfTraceLine(scavenge)).toBe(0);
    expect(describeGcPauses({ count: 2, totalMs: 39.27, maxMs: 30.19, markingMs: 140.2 })).toBe(
      '2 GC 39 ms, longest 30, marking steps 140 ms',
    );
    expect(describeGcPauses({ count: 1, totalMs: 9.08, maxMs: 9.08, markingMs: 0 })).toBe(
      '1 GC 9 ms, longest 9',
    );
  });

  it("counts this process's own collections", async () => {
    const counting = ownGcPauses();
    const kept: object[] = [];
    for (let i = 0; i < 1e6; i++) kept.push({ i });
    expect(kept).toHaveLength(1e6);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pauses = counting.stop();
    expect(pauses.count).toBeGreaterThan(0);
    expect(pauses.maxMs).toBeLessThanOrEqual(pauses.totalMs);
  });

  it("counts a child's collections from its log, while it is watched, and keeps them out of its output", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gc-pauses-'));
    const script = path.join(dir, 'child.mjs');
    // Allocates on each line it reads, so that the test decides when its collections happen.
    await writeFile(
      script,
      `process.stdin.on('data', () => { const kept = []; for (let i = 0; i < 2e6; i++) kept.push({ i }); console.log('done', kept.length); });
console.log('ready');`,
    );
    const child = await startNode(script, [], {}, /^ready$/, undefined, ['--trace-gc']);
    const done = () =>
      new Promise<void>((resolve) => {
        const unwatch = child.watch((line) => line.startsWith('done') && (unwatch(), resolve()));
        child.process.stdin!.write('go\n');
      });
    try {
      const counting = childGcPauses(child);
      await done();
      const pauses = counting.stop();
      expect(pauses.count).toBeGreaterThan(0);
      expect(pauses.maxMs).toBeLessThanOrEqual(pauses.totalMs);
      await done();
      expect(counting.stop()).toEqual(pauses);
      expect(child.output).toEqual(['ready', 'done 2000000', 'done 2000000']);
    } finally {
      await child.stop();
      await rm(dir, { recursive: true });
    }
  });
});
