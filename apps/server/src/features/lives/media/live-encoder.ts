import { PassThrough } from 'node:stream';
import type { FfmpegTools } from '../../../lib/ffmpeg-tools.ts';
import { runRestricted, type RunResult } from '../../../lib/restricted-ffmpeg.ts';
import { LIVE_ENCODER_NICE, LIVE_RUN_LIMITS, liveEncoderArgs } from './live-encoder-args.ts';

/**
 * One live's ffmpeg, a child of this server (decision 0050): its own process, lowered in priority
 * (nice LIVE_ENCODER_NICE: the server's event loop and PostgreSQL go first, yet a live keeps its pace
 * where an idle-class encode would starve behind a busy node), within the kernel's limits
 * (restricted-ffmpeg.ts) and killed with the server. Its death is told once, to `onExit`.
 */
export type LiveEncoder = {
  /** Hands a chunk to ffmpeg's stdin; resolves once the pipe took it (its backpressure included). */
  write: (chunk: Uint8Array) => Promise<void>;
  /** Ends its input: ffmpeg writes its last segments and exits; killed if it has not within STOP_GRACE_MS. */
  stop: () => Promise<void>;
  /** Its process id, while it runs (the bench reads its CPU time from /proc). */
  pid: () => number | undefined;
};

/** How long a stopped encoder may take to write its last segment before it is killed. */
export const STOP_GRACE_MS = 5_000;

export function startLiveEncoder(
  tools: Pick<FfmpegTools, 'ffmpeg'>,
  input: { audioOnly: boolean; workDir: string },
  onExit: (result: RunResult | Error) => void,
): LiveEncoder {
  const stdin = new PassThrough({ highWaterMark: 256 * 1024 });
  const abort = new AbortController();
  let pid: number | undefined;
  let ended = false;
  const exited = runRestricted(tools.ffmpeg, liveEncoderArgs(input), LIVE_RUN_LIMITS, {
    stdin,
    signal: abort.signal,
    nice: LIVE_ENCODER_NICE,
    onSpawn: (id) => void (pid = id),
  }).then(
    (result) => result as RunResult | Error,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  void exited.then((result) => {
    ended = true;
    pid = undefined;
    stdin.destroy();
    onExit(result);
  });
  return {
    write: (chunk) =>
      new Promise((resolve, reject) => {
        if (ended || stdin.writableEnded) return reject(new Error('live encoder stopped'));
        const flushed = stdin.write(chunk, (error) => (error ? reject(error) : undefined));
        if (flushed) return resolve();
        // Past the pipe's buffer: answered once ffmpeg read enough (a slow encoder slows the broadcaster).
        const settle = () => {
          stdin.off('drain', settle);
          stdin.off('close', settle);
          if (ended) reject(new Error('live encoder stopped'));
          else resolve();
        };
        stdin.once('drain', settle).once('close', settle);
      }),
    stop: async () => {
      if (!stdin.writableEnded) stdin.end();
      const timer = setTimeout(() => abort.abort(), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
    pid: () => pid,
  };
}
