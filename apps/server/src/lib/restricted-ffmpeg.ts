import { spawn, spawnSync } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * Runs ffmpeg or ffprobe (ffmpeg-tools.ts) on untrusted input (decision 0031): no shell, no stdin
 * (but a live's recording, piped in by its caller); the input read by `restrictedInputArgs` only (the file protocol, one demuxer, the decoders of
 * ACCEPTED_DECODERS, no picture over a limit); and every run within limits the kernel holds it to
 * (util-linux's `prlimit`): CPU seconds, address space, the size of any file it writes, no core
 * dump; besides a wall-clock limit. Killed with the process that started it (`setpriv --pdeathsig`).
 * For any feature that hands an upload to ffmpeg (transcodes, remuxes).
 */

/** The demuxer each accepted type (found from the bytes, never the name) is read with. */
export const DEMUXER_OF_TYPE: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/3gpp': 'mov',
  'audio/mp4': 'mov',
  'video/webm': 'matroska',
  'audio/webm': 'matroska',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
};

/**
 * The decoders (ffmpeg's names, several per codec) of what phones and recorders write: H.264, HEVC,
 * VP8, VP9, AV1, MPEG-4 part 2 and H.263 (3GPP); AAC, MP3, Opus, Vorbis, FLAC, ALAC, AMR, PCM; JPEG
 * and PNG for a recording's cover picture. Any other codec in an upload is refused unread.
 */
export const ACCEPTED_DECODERS = [
  ...['h264', 'hevc', 'vp8', 'vp9', 'libvpx', 'libvpx-vp9', 'av1', 'libdav1d', 'libaom-av1'],
  ...['mpeg4', 'h263', 'mjpeg', 'png'],
  ...['aac', 'aac_fixed', 'mp3', 'mp3float', 'opus', 'libopus', 'vorbis', 'libvorbis', 'flac', 'alac'],
  ...['amrnb', 'amrwb', 'libopencore_amrnb', 'libopencore_amrwb'],
  ...['pcm_u8', 'pcm_s16le', 'pcm_s16be', 'pcm_s24le', 'pcm_s24be', 'pcm_s32le', 'pcm_f32le', 'pcm_f64le'],
  ...['pcm_alaw', 'pcm_mulaw'],
];

/**
 * The input options for `file`, read with `demuxer` (DEMUXER_OF_TYPE): the file protocol only (no
 * network, no nested playlist or reference reaching another file or URL), that demuxer only (ffmpeg
 * never guesses another from the bytes), ACCEPTED_DECODERS only, and no decoded picture over
 * `maxPixels` (a frame whose stream says more than its container is refused, not allocated).
 */
export function restrictedInputArgs(input: { file: string; demuxer: string; maxPixels: number }): string[] {
  return [
    ...['-protocol_whitelist', 'file', '-format_whitelist', input.demuxer],
    ...['-codec_whitelist', ACCEPTED_DECODERS.join(',')],
    ...['-max_pixels', String(input.maxPixels), '-f', input.demuxer, '-i', `file:${input.file}`],
  ];
}

export type RunLimits = {
  /** CPU time of all its threads: past it SIGXCPU (ffmpeg then stops, exit 255), 5 s later SIGKILL. */
  cpuSeconds: number;
  /** Wall-clock time: the backstop for a run that waits rather than works. SIGKILL past it. */
  wallMs: number;
  /** Address space (RLIMIT_AS): an allocation past it fails, and the run with it. */
  memoryBytes: number;
  /** The largest file it may write (RLIMIT_FSIZE): past it, SIGXFSZ ends it. */
  outputBytes: number;
};

export type RunResult = {
  /** The exit code, or null when the tool was killed by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Which of its limits ended the run, if one did: an outcome of its input, never to retry. */
  overLimit: 'cpu' | 'wall' | 'output' | null;
  stdout: Buffer;
  /** The end of what the tool said on stderr (its errors), at most STDERR_KEPT bytes. */
  stderr: string;
};

const STDERR_KEPT = 16 * 1024;
/** CPU seconds between SIGXCPU and SIGKILL: ffmpeg stops within them (tested). */
const CPU_GRACE_SECONDS = 5;
/** ffmpeg's exit code after a signal it caught (SIGXCPU is one): no other is sent to it. */
const FFMPEG_SIGNALLED_EXIT = 255;

const available = (command: string) =>
  process.platform === 'linux' && spawnSync(command, ['--help'], { stdio: 'ignore' }).status === 0;
/** util-linux: present on Debian and most Linux machines; elsewhere the wall-clock limit only. */
const PDEATHSIG = available('setpriv') ? ['setpriv', '--pdeathsig', 'KILL', '--'] : [];
const PRLIMIT = available('prlimit');
export const kernelLimitsApplied = PRLIMIT;

function limitsPrefix(limits: RunLimits): string[] {
  if (!PRLIMIT) return [];
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  return [
    'prlimit',
    `--cpu=${cpu}:${cpu + CPU_GRACE_SECONDS}`,
    `--as=${Math.ceil(limits.memoryBytes)}`,
    `--fsize=${Math.ceil(limits.outputBytes)}`,
    '--core=0',
    '--',
  ];
}

/**
 * Runs `binary` with `args` within `limits`. Its priority is the caller's (a child inherits its
 * creator's nice value and scheduling class: the idle class in the media worker), or `nice` more
 * (coreutils' `nice`, so that every thread it makes has it). `onStdout` receives stdout as it comes;
 * otherwise it is kept, up to `stdoutLimit` bytes (more kills the tool). `stdin` is piped into it
 * (a live's recording, features/lives/media); `signal` kills it.
 */
export function runRestricted(
  binary: string,
  args: string[],
  limits: RunLimits,
  options: {
    onStdout?: (chunk: Buffer) => void;
    stdoutLimit?: number;
    stdin?: Readable;
    signal?: AbortSignal;
    nice?: number;
    /** Told of the process's id once it started (the live bench reads its CPU time). */
    onSpawn?: (pid: number) => void;
  } = {},
): Promise<RunResult> {
  const nice = options.nice && process.platform === 'linux' ? ['nice', '-n', String(options.nice)] : [];
  const [command, ...prefix] = [...PDEATHSIG, ...limitsPrefix(limits), ...nice, binary];
  const child = spawn(command!, [...prefix, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  // A tool that stops reading (it exited) is told by its exit, not by an error on a closed pipe.
  child.stdin.on('error', () => undefined);
  if (options.stdin) options.stdin.pipe(child.stdin);
  else child.stdin.end();
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  const chunks: Buffer[] = [];
  let stdoutBytes = 0;
  let stderr = '';
  let timedOut = false;
  const kill = () => child.kill('SIGKILL');
  if (options.signal?.aborted) kill();
  options.signal?.addEventListener('abort', kill, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, limits.wallMs);
  child.stdout.on('data', (chunk: Buffer) => {
    if (options.onStdout) return options.onStdout(chunk);
    stdoutBytes += chunk.length;
    if (stdoutBytes > (options.stdoutLimit ?? 1024 * 1024)) return kill();
    chunks.push(chunk);
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEPT);
  });
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      const overLimit = timedOut
        ? 'wall'
        : signal === 'SIGXCPU' || (PRLIMIT && code === FFMPEG_SIGNALLED_EXIT)
          ? 'cpu'
          : signal === 'SIGXFSZ'
            ? 'output'
            : null;
      resolve({ code, signal, overLimit, stdout: Buffer.concat(chunks), stderr });
    });
  });
}
