/**
 * The garbage collector's pauses over a stretch of a benchmark: this process's (perf_hooks' `gc`
 * entries) or a child's started with `--trace-gc` (V8's log, one line a collection).
 */
import { PerformanceObserver } from 'node:perf_hooks';
import type { Child } from './processes.ts';

/**
 * `markingMs`: the steps of incremental marking the main thread took before the full collections it
 * counts (V8 logs them beside the final pause: `(+ 140.2 ms in 28 steps since start of marking`); a
 * mark-compact of a large heap stalls the event loop in those steps more than in its pause.
 */
export type GcPauses = { count: number; totalMs: number; maxMs: number; markingMs: number };

/** A line of V8's GC log (`--trace-gc`), whatever the collection. */
export const TRACE_GC_LINE = /^\[\d+:0x[0-9a-f]+\]\s+\d+ ms: /;

/** `[pid:0x…]  1234 ms: Scavenge 4.7 (5.8) -> 4.4 (6.8) MB, pooled: 0 MB, 2.16 / 0.00 ms  (…` */
const PAUSE =
  /\d+ ms: [A-Za-z -]+ [\d.]+ \([\d.]+\) -> [\d.]+ \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;

/** `… Mark-Compact … (+ 140.2 ms in 28 steps since start of marking, …` */
const MARKING_STEPS = /\(\+ ([\d.]+) ms in \d+ steps since start of marking/;

/** The pause in a line of V8's GC log, in ms; undefined for any other line. */
export function pauseOfTraceLine(line: string): number | undefined {
  const match = PAUSE.exec(line);
  return match ? Number(match[1]) : undefined;
}

/** The main thread's incremental marking steps before a full collection's pause, in ms; 0 without. */
export function markingStepsOfTraceLine(line: string): number {
  const match = MARKING_STEPS.exec(line);
  return match ? Number(match[1]) : 0;
}

function tally() {
  const pauses: GcPauses = { count: 0, totalMs: 0, maxMs: 0, markingMs: 0 };
  const add = (ms: number, markingMs = 0) => {
    pauses.count += 1;
    pauses.totalMs += ms;
    pauses.maxMs = Math.max(pauses.maxMs, ms);
    pauses.markingMs += markingMs;
  };
  return { pauses, add };
}

/** Counts this process's GC pauses until `stop`. */
export function ownGcPauses(): { stop: () => GcPauses } {
  const { pauses, add } = tally();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) add(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      for (const entry of observer.takeRecords()) add(entry.duration);
      observer.disconnect();
      return { ...pauses };
    },
  };
}

/**
 * Counts the GC pauses `child` logs until `stop` (none unless it was started with `--trace-gc`); not
 * those of its own children that print on its output.
 */
export function childGcPauses(child: Child): { stop: () => GcPauses } {
  const { pauses, add } = tally();
  const own = `[${child.pid}:`;
  const unwatch = child.watch((line) => {
    const ms = line.startsWith(own) ? pauseOfTraceLine(line) : undefined;
    if (ms !== undefined) add(ms, markingStepsOfTraceLine(line));
  });
  return {
    stop: () => {
      unwatch();
      return { ...pauses };
    },
  };
}

export const describeGcPauses = ({ count, totalMs, maxMs, markingMs }: GcPauses) =>
  `${count} GC ${totalMs.toFixed(0)} ms, longest ${maxMs.toFixed(0)}` +
  (markingMs > 0 ? `, marking steps ${markingMs.toFixed(0)} ms` : '');
