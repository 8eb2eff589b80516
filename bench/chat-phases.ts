/**
 * B3's phases on one server (chat.bench.ts): a saturated round and a fixed-load round, each timed with
 * the CPU of the server, PostgreSQL and this load generator, then settled so no backlog spills over.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  deliveryRate,
  drain,
  offer,
  saturate,
  summarize,
  type Client,
  type PhaseSummary,
  type Tracker,
} from './chat-load.ts';
import type { UploadRun } from './chat-upload-thread.ts';
import { postgresCpu, processCpu, type Child } from './lib/processes.ts';
import type { ChatOptions } from './chat-options.ts';
import { epochMs, type FsyncProbe } from './lib/fsync-probe.ts';
import { childGcPauses, type GcPauses } from './lib/gc-pauses.ts';

/** A window of B7's or B9's phase: encodes running or paused, its p99, what else happened in it. */
export type WindowFigures = {
  withEncodes: boolean;
  p99: number;
  /** Uploads sent in it. */
  uploads: number;
  /** MB written to the machine's disks, and by PostgreSQL's checkpointer. */
  diskMb: number;
  checkpointMb: number;
  /** ms in which the tasks that were not idle all waited for the disks (0 where the kernel cannot say). */
  ioStallMs: number;
  /** GC pauses of the server (its `--trace-gc` log) and of this load generator. */
  gc: { server: GcPauses; client: GcPauses };
  /** Time the server's event loop waited for a CPU. */
  serverWaitMs: number;
  /** Time this load generator's event loop waited for a CPU. */
  clientWaitMs: number;
  /** This load generator's longest event-loop delay: deliveries in it are timed late. */
  clientLoopMaxMs: number;
  /** The disk's longest flush (lib/fsync-probe.ts) during the window. */
  diskFlushMaxMs: number;
};

/** Each kind's p99 over its windows in which the disk did not stall, and how many those were. */
export type DiskQuietReading = {
  paused: { windows: number; p99: number };
  running: { windows: number; p99: number };
};

/**
 * The ceiling (no database), the durable reference (chat-durable.ts), the checked one (the same with
 * the membership and blocks read, decision 0054) and the real app.
 */
export type Name = 'relay' | 'durable' | 'checked' | 'app';
export type Cpu = { server: number; postgres: number; client: number };
/** A server under load: its process, its sockets and what each phase measured on it. */
export type Target = {
  name: Name;
  child: Child;
  /** The app's media worker when it runs apart from the server (`--media-worker apart`). */
  mediaWorker?: Child;
  port: number;
  clients: Client[];
  connectMs: number;
  saturated: { rate: number; summary: PhaseSummary; cpu: Cpu }[];
  /**
   * `diskFlushMaxMs`: the disk's longest flush during the round (lib/fsync-probe.ts); `serverGc`: the
   * server's collections in it (none counted unless it logs them: the app runs with `--trace-gc`).
   */
  fixed: {
    ids: string[];
    summary: PhaseSummary;
    cpu: Cpu;
    loopP99: number;
    diskFlushMaxMs: number;
    serverGc: GcPauses;
  }[];
  withUploads?: {
    baseline: string[];
    ids: string[];
    summary: PhaseSummary;
    uploads: UploadRun;
    windows: WindowFigures[];
    diskQuiet: DiskQuietReading;
  };
  /** B9's phase: the same load without, then with videos being transcoded. */
  withVideos?: {
    baseline: string[];
    ids: string[];
    summary: PhaseSummary;
    uploads: UploadRun;
    /** Windows "with videos" in which the worker had an ffmpeg running. */
    windowsEncoding: number;
    /** Each window's p99 send-to-deliver, in order. */
    windows: WindowFigures[];
    diskQuiet: DiskQuietReading;
  };
  /** Client ids sent, by kind of phase. */
  ids: { saturated: string[]; fixed: string[]; uploads: string[] };
};

/** `run`, with the CPU seconds the server, PostgreSQL and this process spent meanwhile. */
async function measured<T>(target: Target, pgDir: string | undefined, run: () => Promise<T>) {
  const before = {
    server: processCpu(target.child.pid),
    postgres: postgresCpu(pgDir),
    client: process.cpuUsage(),
  };
  const result = await run();
  const client = process.cpuUsage(before.client);
  const cpu: Cpu = {
    server: processCpu(target.child.pid) - before.server,
    postgres: postgresCpu(pgDir) - before.postgres,
    client: (client.user + client.system) / 1e6,
  };
  return { result, cpu };
}

/**
 * Lets a phase's messages arrive before the next phase starts, then waits for the server to go quiet
 * (work it does after the ack, such as the recipient's counters), so no backlog spills over.
 */
export async function settle(target: Target, tracker: Tracker, ids: string[], graceMs: number) {
  const waited = await drain(tracker, ids, graceMs);
  if (waited >= graceMs) console.log(`\nStill unsettled after ${graceMs / 1000} s; going on.`);
  for (let i = 0; i < 120; i++) {
    const before = processCpu(target.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (processCpu(target.child.pid) - before <= 0.05) break;
  }
}

export async function saturatedRound(
  target: Target,
  tracker: Tracker,
  pgDir: string | undefined,
  { saturateSeconds, window }: ChatOptions,
) {
  const { result, cpu } = await measured(target, pgDir, async () => {
    const run = await saturate(target.clients, tracker, saturateSeconds, window);
    await settle(target, tracker, run.ids, 60_000);
    return run;
  });
  // One by one: a fast relay sends more ids than a spread's arguments may hold.
  for (const id of result.ids) target.ids.saturated.push(id);
  const rate = deliveryRate(tracker, result.ids, result.started);
  target.saturated.push({ rate, summary: summarize(tracker, result.ids), cpu });
}

export async function fixedRound(
  target: Target,
  tracker: Tracker,
  pgDir: string | undefined,
  { rate, seconds }: ChatOptions,
  disk: FsyncProbe,
) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = epochMs();
  const gc = childGcPauses(target.child);
  const { result: ids, cpu } = await measured(target, pgDir, () =>
    offer(target.clients, tracker, rate, seconds),
  );
  const serverGc = gc.stop();
  loop.disable();
  await settle(target, tracker, ids, 300_000);
  const diskFlushMaxMs = disk.longestMs(started, epochMs());
  target.ids.fixed.push(...ids);
  const loopP99 = loop.percentile(99) / 1e6;
  target.fixed.push({ ids, summary: summarize(tracker, ids), cpu, loopP99, diskFlushMaxMs, serverGc });
}
