/**
 * B7's and B9's windows (chat-uploads.ts): the fixed chat load in windows taking turns with the media
 * worker and its ffmpeg running and paused, each window with what else happened in it: uploads, disk
 * writes and stalls, the disk's longest flush (lib/fsync-probe.ts), PostgreSQL's checkpoints, the GC
 * pauses of the server and of this load generator, their waits for a CPU, and this load generator's
 * longest event-loop delay (its delivery times are taken on that loop).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { offer, summarize, type Tracker } from './chat-load.ts';
import type { ChatOptions } from './chat-options.ts';
import {
  checkpointerWrittenMb,
  contention,
  encoderPids,
  mediaWorkerPids,
  type Contention,
} from './chat-media-worker.ts';
import { settle, type DiskQuietReading, type Target, type WindowFigures } from './chat-phases.ts';
import { epochMs, type FsyncProbe } from './lib/fsync-probe.ts';
import { childGcPauses, ownGcPauses } from './lib/gc-pauses.ts';

/** Pauses (SIGSTOP) or resumes (SIGCONT) the media worker and its ffmpeg; how many processes. */
function pauseEncodes(app: Target, paused: boolean): number {
  const pids = encoderPids(app.child, app.mediaWorker);
  for (const pid of pids) {
    try {
      process.kill(pid, paused ? 'SIGSTOP' : 'SIGCONT');
    } catch {
      // Ended meanwhile.
    }
  }
  return pids.length;
}

/** MB written to the machine's disks so far (/proc/diskstats, whole disks); 0 where unknown. */
function diskWrittenMb(): number {
  try {
    return readFileSync('/proc/diskstats', 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => /^(?:[shv]d[a-z]+|nvme\d+n\d+)$/.test(fields[2] ?? ''))
      .reduce((sum, fields) => sum + (Number(fields[9]) * 512) / 1e6, 0);
  } catch {
    return 0;
  }
}

/**
 * ms so far in which every task that was not idle waited for the disks (the kernel's pressure stall
 * information, io "full"), 0 where the kernel has none.
 */
function ioStalledMs(): number {
  try {
    return Number(/^full .* total=(\d+)$/m.exec(readFileSync('/proc/pressure/io', 'utf8'))?.[1] ?? 0) / 1000;
  } catch {
    return 0;
  }
}

/**
 * A window in which one of the probe's flushes took this long or more had the disk stall for longer
 * than B3's whole latency target, whatever ran: each commit under way waited as long.
 */
export const DISK_STALL_MS = 50;

/** The phase's options, with where PostgreSQL keeps its data and the disk's probe. */
export type PhaseOptions = ChatOptions & { postgresDir: string | undefined; disk: FsyncProbe };

/** Windows of each kind in B7's and B9's phases, taking turns, so that the machine's drift falls on both. */
const PHASE_PAIRS = 5;

const noCost = (): Contention => ({
  serverRunMs: 0,
  serverWaitMs: 0,
  clientWaitMs: 0,
  postgresWaitMs: 0,
  encoderCpuS: 0,
  seconds: 0,
});

/**
 * The fixed load in windows of `options.seconds`/2 taking turns, the media worker and its ffmpeg
 * running in one kind of window and paused (SIGSTOP) in the other: "the same load without them"
 * measured between the windows with them, on a machine whose other load drifts. With the worker
 * paused, a photo upload waits for its encode, so the paused windows have neither encodes nor uploads.
 */
export async function encodeWindows(
  app: Target,
  tracker: Tracker,
  options: PhaseOptions,
  uploadsSent: () => number,
) {
  const sentIn: string[][] = [];
  const windowSeconds = Math.max(2, Math.round(options.seconds / 2));
  const baseline: string[] = [];
  const ids: string[] = [];
  const windows: WindowFigures[] = [];
  let encoding = 0;
  const pids = {
    server: app.child.pid,
    postgresDir: options.postgresDir,
    mediaWorkers: () => mediaWorkerPids(app.child, app.mediaWorker),
  };
  const costs = { paused: noCost(), running: noCost() };
  try {
    for (let pair = 0; pair < PHASE_PAIRS; pair++) {
      for (const withEncodes of pair % 2 ? [true, false] : [false, true]) {
        const processes = pauseEncodes(app, !withEncodes);
        const uploadsBefore = uploadsSent();
        const diskBefore = diskWrittenMb();
        const checkpointBefore = checkpointerWrittenMb(options.postgresDir);
        if (withEncodes && processes > 1) encoding += 1;
        const serverGc = childGcPauses(app.child);
        const clientGc = ownGcPauses();
        const clientLoop = monitorEventLoopDelay({ resolution: 1 });
        clientLoop.enable();
        const ioStalledBefore = ioStalledMs();
        const started = epochMs();
        const measured = await contention(pids, () =>
          offer(app.clients, tracker, options.uploadsRate, windowSeconds),
        );
        const ioStallMs = ioStalledMs() - ioStalledBefore;
        clientLoop.disable();
        const gc = { server: serverGc.stop(), client: clientGc.stop() };
        const sent = measured.result;
        const cost = costs[withEncodes ? 'running' : 'paused'];
        for (const key of Object.keys(cost) as (keyof Contention)[]) cost[key] += measured.contention[key];
        await settle(app, tracker, sent, 300_000);
        const diskFlushMaxMs = options.disk.longestMs(started, epochMs());
        sentIn.push(sent);
        (withEncodes ? ids : baseline).push(...sent);
        const uploads = uploadsSent() - uploadsBefore;
        const diskMb = diskWrittenMb() - diskBefore;
        const checkpointMb = checkpointerWrittenMb(options.postgresDir) - checkpointBefore;
        const p99 = summarize(tracker, sent).deliver.p99;
        const { serverWaitMs, clientWaitMs } = measured.contention;
        const clientLoopMaxMs = clientLoop.max / 1e6;
        windows.push({
          withEncodes,
          p99,
          uploads,
          diskMb,
          checkpointMb,
          ioStallMs,
          gc,
          serverWaitMs,
          clientWaitMs,
          clientLoopMaxMs,
          diskFlushMaxMs,
        });
      }
    }
  } finally {
    pauseEncodes(app, false);
  }
  const quiet = (withEncodes: boolean) => {
    const kept = windows.flatMap((w, i) =>
      w.withEncodes === withEncodes && w.diskFlushMaxMs < DISK_STALL_MS ? [sentIn[i]!] : [],
    );
    return { windows: kept.length, p99: kept.length ? summarize(tracker, kept.flat()).deliver.p99 : NaN };
  };
  const diskQuiet: DiskQuietReading = { paused: quiet(false), running: quiet(true) };
  return {
    baseline,
    ids,
    summary: summarize(tracker, ids),
    windows,
    windowsEncoding: encoding,
    costs,
    diskQuiet,
  };
}
