// @slow-tier runs a live's encoder arguments through each ffmpeg the app may pick.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagedBinary, SYSTEM_TOOLS_DIRECTORY } from '../../../lib/ffmpeg-tools.ts';
import { recording } from '../../../test/live-media-factories.ts';
import { liveEncoderArgs } from './live-encoder-args.ts';

/** Runs `ffmpeg` with a live's arguments on `input` (its stdin); its exit code and what it said. */
function encode(
  ffmpeg: string,
  args: string[],
  input: Buffer,
): Promise<{ code: number | null; said: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-v', 'error', ...args], { stdio: ['pipe', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, said }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/**
 * The packaged build (ffmpeg 4.1, what `npm install` brings where the machine has none) and the
 * machine's (Debian's, which `npm test` installs): a filter option the older one lacks ended every live
 * at its first chunk there.
 */
const ffmpegs = [
  ['packaged', packagedBinary('ffmpeg')],
  ['system', path.join(SYSTEM_TOOLS_DIRECTORY, 'ffmpeg')],
].filter((entry): entry is [string, string] => entry[1] !== undefined && existsSync(entry[1]));

describe('a live encoder run by each ffmpeg the app may pick', () => {
  let video: Buffer;
  let audio: Buffer;
  const dirs: string[] = [];
  beforeAll(async () => {
    [video, audio] = await Promise.all([
      recording({ seconds: 3 }),
      recording({ seconds: 2, audioOnly: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('finds the packaged one', () => {
    expect(ffmpegs.map(([name]) => name)).toContain('packaged');
  });

  it.each(ffmpegs)('%s: a camera live writes both renditions, the audio and a frame', async (_, ffmpeg) => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'live-encoder-'));
    dirs.push(workDir);
    const { code, said } = await encode(ffmpeg, liveEncoderArgs({ audioOnly: false, workDir }), video);
    expect(code, said).toBe(0);
    const files = await readdir(workDir);
    for (const name of ['360p.m3u8', '240p.m3u8', 'audio.m3u8', '360p-init.mp4', 'frame-00001.jpg'])
      expect(files).toContain(name);
  });

  it.each(ffmpegs)('%s: an audio-only live writes its rendition', async (_, ffmpeg) => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'live-encoder-'));
    dirs.push(workDir);
    const { code, said } = await encode(ffmpeg, liveEncoderArgs({ audioOnly: true, workDir }), audio);
    expect(code, said).toBe(0);
    expect(await readdir(workDir)).toContain('audio.m3u8');
  });
});
