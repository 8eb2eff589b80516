import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Env } from '../env.ts';

/**
 * Which ffmpeg and ffprobe run (decision 0031): those FFMPEG_PATH / FFPROBE_PATH name; else the
 * machine's maintained ones (Debian's `ffmpeg` package in /usr/bin, with the distribution's security
 * updates) when both are there and can encode H.264; else the static builds `npm install` puts
 * inside @ffmpeg-installer/<platform>-<arch> and @ffprobe-installer/<platform>-<arch> (ffmpeg 4.1,
 * 2018: the fallback that makes `npm install && npm start` work anywhere); else those on PATH.
 * Every run on an upload goes through restricted-ffmpeg.ts.
 */
export type FfmpegTools = {
  ffmpeg: string;
  ffprobe: string;
  source: 'configured' | 'system' | 'packaged' | 'path';
};

/** Where the distribution's package puts them (Debian, Ubuntu, Fedora, Alpine). */
export const SYSTEM_TOOLS_DIRECTORY = '/usr/bin';

const require = createRequire(import.meta.url);

export function packagedBinary(tool: 'ffmpeg' | 'ffprobe'): string | undefined {
  const name = `@${tool}-installer/${process.platform}-${process.arch}`;
  try {
    const folder = path.dirname(require.resolve(`${name}/package.json`));
    return path.join(folder, process.platform === 'win32' ? `${tool}.exe` : tool);
  } catch {
    return undefined;
  }
}

/** The system's pair, when both are there and its ffmpeg has libx264 (Fedora's ffmpeg-free has not). */
function systemTools(directory: string): { ffmpeg: string; ffprobe: string } | undefined {
  const ffmpeg = path.join(directory, 'ffmpeg');
  const ffprobe = path.join(directory, 'ffprobe');
  if (!existsSync(ffmpeg) || !existsSync(ffprobe)) return undefined;
  const encoders = spawnSync(ffmpeg, ['-hide_banner', '-encoders'], { encoding: 'utf8', timeout: 10_000 });
  return encoders.status === 0 && /\blibx264\b/.test(encoders.stdout) ? { ffmpeg, ffprobe } : undefined;
}

export function resolveFfmpegTools(
  env: Pick<Env, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  options: { systemDirectory?: string } = {},
): FfmpegTools {
  if (env.FFMPEG_PATH && env.FFPROBE_PATH) {
    return { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH, source: 'configured' };
  }
  const found = systemTools(options.systemDirectory ?? SYSTEM_TOOLS_DIRECTORY);
  const packaged = { ffmpeg: packagedBinary('ffmpeg'), ffprobe: packagedBinary('ffprobe') };
  const [defaults, source] = found
    ? [found, 'system' as const]
    : packaged.ffmpeg && packaged.ffprobe
      ? [packaged as { ffmpeg: string; ffprobe: string }, 'packaged' as const]
      : [{ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, 'path' as const];
  return {
    ffmpeg: env.FFMPEG_PATH ?? defaults.ffmpeg,
    ffprobe: env.FFPROBE_PATH ?? defaults.ffprobe,
    source: env.FFMPEG_PATH || env.FFPROBE_PATH ? 'configured' : source,
  };
}

/** The first line of `ffmpeg -version` ("ffmpeg version 5.1.9-0+deb12u1 ..."), for the worker's log. */
export function ffmpegVersion(binary: string): string {
  const result = spawnSync(binary, ['-version'], { encoding: 'utf8', timeout: 10_000 });
  return result.status === 0 ? (result.stdout.split('\n')[0] ?? '').trim() : 'unknown';
}
