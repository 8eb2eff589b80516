// @slow-tier transcodes with ffmpeg under limits.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { testTools, unusualClip } from '../../test/transcode-fixtures.ts';
import { transcodeVideo } from './video-pipeline.ts';

/**
 * Videos no phone records (issue 25): refused from the probe, before any encode. The pipeline is
 * given an ffmpeg that cannot start: a refusal that came after an encode began would be a failure
 * to start it instead of the refusal's code.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'motema-video-limits-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const probeOnly = { ...testTools, ffmpeg: '/nonexistent/ffmpeg' };

let count = 0;
async function transcode(bytes: Buffer, tools = testTools) {
  const workDir = path.join(dir, String(++count));
  await mkdir(workDir);
  const file = path.join(workDir, 'upload');
  await writeFile(file, bytes);
  return transcodeVideo(tools, { file, sourceType: 'video/mp4', use: 'post', workDir });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('videos no phone records, refused before any encode', () => {
  it('a frame-rate bomb: 1000 frames a second', async () => {
    const bomb = await unusualClip({ width: 320, height: 180, framesPerSecond: 1000, seconds: 1 });
    const started = Date.now();
    expect(await refusal(transcode(bomb, probeOnly))).toBe('video_frame_rate_too_high');
    // Refused by reading the file, not by decoding it: far under what its 1000 frames would take.
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it('more pixels a second than 4K at 60 frames a second: 4096x2304 at 120', async () => {
    const clip = await unusualClip({ width: 4096, height: 2304, framesPerSecond: 120, seconds: 0.1 });
    expect(await refusal(transcode(clip, probeOnly))).toBe('video_too_demanding');
  }, 60_000);

  it('a bit rate no phone records: lossless noise', async () => {
    const clip = await unusualClip({
      width: 640,
      height: 360,
      framesPerSecond: 120,
      seconds: 0.1,
      noise: true,
    });
    expect(await refusal(transcode(clip, probeOnly))).toBe('video_too_demanding');
  }, 60_000);

  it('takes a phone’s slow motion: 1080p at 240 frames a second', async () => {
    const clip = await unusualClip({ width: 1920, height: 1080, framesPerSecond: 240, seconds: 0.25 });
    expect(await transcode(clip)).toMatchObject({ width: 854, height: 480 });
  }, 60_000);
});
