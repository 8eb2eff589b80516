/**
 * B9's input (video-pipeline.bench.ts, and the chat benchmark's video phase in chat-uploads.ts): a
 * phone-like 1080p clip made by the server's ffmpeg: testsrc2 with noise on every frame (so that the
 * encoders work as on a camera's picture), H.264 high profile at ~15 Mbit/s, AAC, and a GPS
 * position, a date and a title in QuickTime's `©xyz` and friends, as a phone writes them. Made once
 * per length and kept in the temporary folder (about a minute's work for 30 s).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../apps/server/src/env.ts';
import { resolveFfmpegTools } from '../apps/server/src/lib/ffmpeg-tools.ts';

/** The ffmpeg and ffprobe the server would use (FFMPEG_PATH / FFPROBE_PATH, else the system's, else the packaged ones). */
export const benchTools = resolveFfmpegTools(
  parseEnv({
    NODE_ENV: 'test',
    ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH } : {}),
    ...(process.env.FFPROBE_PATH ? { FFPROBE_PATH: process.env.FFPROBE_PATH } : {}),
  }),
);

/** The clip's GPS position, as its bytes hold it (QuickTime writes it as text). */
export const CLIP_GPS = '+12.3456+056.7890/';

/** The path of the `seconds` long 1920x1080 clip (a QuickTime file: `video/quicktime`). */
export async function phoneVideoClip(seconds: number): Promise<string> {
  const dir = path.join(os.tmpdir(), 'motema-bench-video');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `phone-1080p-${seconds}s.mov`);
  if (existsSync(file)) return file;
  const made = `${file}.${process.pid}.tmp.mov`;
  const result = spawnSync(
    benchTools.ffmpeg,
    [
      ...['-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=30:d=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`],
      ...['-vf', 'noise=alls=12:allf=t+u', '-pix_fmt', 'yuv420p'],
      ...['-c:v', 'libx264', '-preset', 'superfast', '-profile:v', 'high'],
      ...['-b:v', '15M', '-maxrate', '15M', '-bufsize', '30M'],
      ...['-c:a', 'aac', '-b:a', '128k'],
      ...['-metadata', `location=${CLIP_GPS}`, '-metadata', 'creation_time=2024-05-01T10:11:12Z'],
      ...['-metadata', 'title=Beach with Amani', '-f', 'mov', made],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('could not make the phone clip');
  await rename(made, file);
  return file;
}
