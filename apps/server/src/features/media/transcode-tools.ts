import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Env } from '../../env.ts';

/**
 * ffmpeg and ffprobe (decision 0029): the static builds that `npm install` puts inside
 * @ffmpeg-installer/<platform>-<arch> and @ffprobe-installer/<platform>-<arch> (GPL builds by
 * johnvansickle.com, see the README), unless FFMPEG_PATH / FFPROBE_PATH name others; on a platform
 * without such a package, the ones on PATH.
 */
export type TranscodeTools = { ffmpeg: string; ffprobe: string };

const require = createRequire(import.meta.url);

function packagedBinary(tool: 'ffmpeg' | 'ffprobe'): string | undefined {
  const name = `@${tool}-installer/${process.platform}-${process.arch}`;
  try {
    const folder = path.dirname(require.resolve(`${name}/package.json`));
    return path.join(folder, process.platform === 'win32' ? `${tool}.exe` : tool);
  } catch {
    return undefined;
  }
}

export function resolveTranscodeTools(env: Pick<Env, 'FFMPEG_PATH' | 'FFPROBE_PATH'>): TranscodeTools {
  return {
    ffmpeg: env.FFMPEG_PATH ?? packagedBinary('ffmpeg') ?? 'ffmpeg',
    ffprobe: env.FFPROBE_PATH ?? packagedBinary('ffprobe') ?? 'ffprobe',
  };
}

/**
 * util-linux's `setpriv --pdeathsig KILL`: the kernel kills the tool when the worker that started it
 * dies (a SIGKILL runs no handler of ours), so that a worker killed mid-encode leaves no ffmpeg
 * encoding on behind it, beside the retry. Without setpriv, the tool is started as it is.
 */
const PDEATHSIG: string[] | null =
  process.platform === 'linux' && spawnSync('setpriv', ['--help'], { stdio: 'ignore' }).status === 0
    ? ['setpriv', '--pdeathsig', 'KILL', '--']
    : null;

export type ToolResult = {
  /** The exit code, or null when the tool was killed (by a signal, or the timeout). */
  code: number | null;
  timedOut: boolean;
  stdout: Buffer;
  /** The end of what the tool said on stderr (its errors), at most STDERR_KEPT bytes. */
  stderr: string;
};

const STDERR_KEPT = 16 * 1024;

/**
 * Runs ffmpeg or ffprobe on untrusted input: no shell, no stdin, killed (SIGKILL) past `timeoutMs` of
 * wall-clock time. Its priority is the worker's (a child inherits its creator's nice value and
 * scheduling class: the idle class in the media worker). `onStdout` receives stdout as it comes;
 * otherwise it is kept, up to `stdoutLimit` bytes (more kills the tool: a probe's JSON is small).
 */
export function runTool(
  binary: string,
  args: string[],
  options: { timeoutMs: number; onStdout?: (chunk: Buffer) => void; stdoutLimit?: number },
): Promise<ToolResult> {
  const [command, ...prefix] = PDEATHSIG ? [...PDEATHSIG, binary] : [binary];
  const child = spawn(command!, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stdoutBytes = 0;
  let stderr = '';
  let timedOut = false;
  const kill = () => child.kill('SIGKILL');
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
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
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, stdout: Buffer.concat(chunks), stderr });
    });
  });
}
