import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ffmpeg the server's transcoder uses (FFMPEG_PATH, else the static build npm installed for it). */
function ffmpegBinary(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
  const folder = path.dirname(
    fromServer.resolve(`@ffmpeg-installer/${process.platform}-${process.arch}/package.json`),
  );
  return path.join(folder, 'ffmpeg');
}

/** A 4-second phone-shaped clip with a tone (H.264/AAC MP4), made for this run: nothing big is committed. */
export async function shortVideo(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-e2e-video-'));
  const file = path.join(dir, 'sunset.mp4');
  try {
    await run(ffmpegBinary(), [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=24'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', '4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
