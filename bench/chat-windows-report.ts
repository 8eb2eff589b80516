/**
 * B7's and B9's windows as the chat bench prints them (chat-windows.ts), and the bars' reading over
 * the windows in which the disk did not stall (decision 0059).
 */
import type { DiskQuietReading, WindowFigures } from './chat-phases.ts';
import { DISK_STALL_MS } from './chat-windows.ts';
import { describeGcPauses } from './lib/gc-pauses.ts';

/** B7's and B9's windows in order: P paused or R running, p99 ms, +uploads sent in it, MB written. */
export function describeWindows(windows: WindowFigures[]) {
  const each = windows.map(
    (w) =>
      `${w.withEncodes ? 'R' : 'P'} ${w.p99.toFixed(0)}${w.uploads ? ` +${w.uploads}` : ''} (${w.diskMb.toFixed(0)} MB, checkpointer ${w.checkpointMb.toFixed(0)}, disks stalled ${w.ioStallMs.toFixed(0)} ms, longest flush ${w.diskFlushMaxMs.toFixed(0)} ms; server ${describeGcPauses(w.gc.server)}, waited ${w.serverWaitMs.toFixed(0)} ms; load generator ${describeGcPauses(w.gc.client)}, waited ${w.clientWaitMs.toFixed(0)} ms, loop ${w.clientLoopMaxMs.toFixed(0)} ms)`,
  );
  return `(P paused, R running: p99 ms, +uploads sent, MB written to disk and by PostgreSQL's checkpointer, time all waited for the disks, the disk probe's longest flush, the server's GC pauses and wait for a CPU, the load generator's GC pauses, wait for a CPU and longest event-loop delay):\n  ${each.join('\n  ')}`;
}

/** Quiet windows each kind needs for the reading of decision 0059. */
const QUIET_WINDOWS_NEEDED = 2;

/**
 * B7's or B9's bar read over the windows in which the disk did not stall (decision 0059, proposed):
 * each kind's p99 there, and whether the running windows' is within `limit` of the paused windows'.
 */
export function describeDiskQuiet({ paused, running }: DiskQuietReading, limit: (paused: number) => number) {
  const counts = `windows with every disk flush under ${DISK_STALL_MS} ms: paused ${paused.windows}, p99 ${paused.p99.toFixed(1)} ms; running ${running.windows}, p99 ${running.p99.toFixed(1)} ms`;
  if (paused.windows < QUIET_WINDOWS_NEEDED || running.windows < QUIET_WINDOWS_NEEDED) {
    return `${counts} (fewer than ${QUIET_WINDOWS_NEEDED} of a kind: the disk gave no reading)`;
  }
  const within = running.p99 <= limit(paused.p99);
  return `${counts} (limit ${limit(paused.p99).toFixed(1)} ms: ${within ? 'within' : 'not within'})`;
}
