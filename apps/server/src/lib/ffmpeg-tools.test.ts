import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegVersion, resolveFfmpegTools, SYSTEM_TOOLS_DIRECTORY } from './ffmpeg-tools.ts';

const debianFfmpeg = path.join(SYSTEM_TOOLS_DIRECTORY, 'ffmpeg');
let empty: string;
beforeAll(async () => {
  empty = await mkdtemp(path.join(os.tmpdir(), 'motema-no-ffmpeg-'));
});
afterAll(() => rm(empty, { recursive: true, force: true }));

describe('the ffmpeg the server runs', () => {
  // `npm test` installs Debian's ffmpeg package when it is missing (scripts/test.mjs).
  it.runIf(existsSync(debianFfmpeg))('is the system’s (Debian’s, maintained) when it is there', () => {
    const tools = resolveFfmpegTools({});
    expect(tools).toEqual({
      ffmpeg: debianFfmpeg,
      ffprobe: path.join(SYSTEM_TOOLS_DIRECTORY, 'ffprobe'),
      source: 'system',
    });
    expect(ffmpegVersion(tools.ffmpeg)).toMatch(/^ffmpeg version /);
    const encoders = spawnSync(tools.ffmpeg, ['-hide_banner', '-encoders'], { encoding: 'utf8' }).stdout;
    expect(encoders).toMatch(/libx264/);
    expect(encoders).toMatch(/ aac /);
  });

  it('is the packaged build from npm where the system has none', () => {
    const tools = resolveFfmpegTools({}, { systemDirectory: empty });
    expect(tools).toEqual({
      ffmpeg: expect.stringMatching(/node_modules\/@ffmpeg-installer\/linux-x64\/ffmpeg$/),
      ffprobe: expect.stringMatching(/node_modules\/@ffprobe-installer\/linux-x64\/ffprobe$/),
      source: 'packaged',
    });
    // Found and executable; not started: the 68 MB static build's first start reads it all from a
    // cold disk, which took over 10 s (ffmpegVersion's limit) on a busy machine in CI.
    for (const tool of [tools.ffmpeg, tools.ffprobe]) {
      expect(existsSync(tool)).toBe(true);
      expect(statSync(tool).mode & 0o111).not.toBe(0);
    }
  });

  it('is the one FFMPEG_PATH / FFPROBE_PATH name, whatever the system has', () => {
    const packaged = resolveFfmpegTools({}, { systemDirectory: empty });
    const configured = { FFMPEG_PATH: packaged.ffmpeg, FFPROBE_PATH: packaged.ffprobe };
    expect(resolveFfmpegTools(configured)).toEqual({ ...packaged, source: 'configured' });
  });
});
