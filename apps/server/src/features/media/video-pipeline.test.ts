// @slow-tier transcodes videos with ffmpeg.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MAX_SECONDS } from '@motema/shared/posts';
import { AppError } from '../../lib/app-error.ts';
import {
  CLIP_TYPES,
  GPS_NEEDLE,
  hugeFrameClip,
  mp4Boxes,
  phoneClip,
  testTools,
} from '../../test/transcode-fixtures.ts';
import { encodePhoto } from './photo-pipeline.ts';
import { probeMedia } from './transcode-probe.ts';
import { fitVideo, transcodeVideo, VIDEO_TARGETS } from './video-pipeline.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'motema-video-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let count = 0;
/** Writes the bytes as an upload and runs the pipeline on them, in a work folder of their own. */
async function transcode(bytes: Buffer, options: { sourceType?: string; use?: 'post' | 'story' } = {}) {
  const workDir = path.join(dir, String(++count));
  await mkdir(workDir);
  const file = path.join(workDir, 'upload');
  await writeFile(file, bytes);
  return transcodeVideo(testTools, {
    file,
    sourceType: options.sourceType ?? 'video/quicktime',
    use: options.use ?? 'post',
    workDir,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

function ffprobe(file: string) {
  const result = spawnSync(
    testTools.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { encoding: 'utf8' },
  );
  return JSON.parse(result.stdout) as {
    format: { duration: string; tags?: Record<string, string> };
    streams: {
      codec_name: string;
      codec_type: string;
      profile?: string;
      width?: number;
      height?: number;
      bit_rate?: string;
      channels?: number;
      tags?: Record<string, string>;
      side_data_list?: unknown[];
    }[];
  };
}

describe('fitVideo', () => {
  it('fits the shorter side to the target, keeps the aspect ratio, never enlarges, even sizes', () => {
    expect(fitVideo(1920, 1080, VIDEO_TARGETS.standard)).toEqual({ width: 854, height: 480 });
    expect(fitVideo(1080, 1920, VIDEO_TARGETS.standard)).toEqual({ width: 480, height: 854 });
    expect(fitVideo(1080, 1920, VIDEO_TARGETS.saver)).toEqual({ width: 240, height: 426 });
    expect(fitVideo(320, 180, VIDEO_TARGETS.standard)).toEqual({ width: 320, height: 180 });
    expect(fitVideo(1440, 1080, VIDEO_TARGETS.standard)).toEqual({ width: 640, height: 480 });
    // A very wide strip is bounded by its long side.
    expect(fitVideo(4000, 500, VIDEO_TARGETS.standard)).toEqual({ width: 854, height: 106 });
    expect(fitVideo(333, 201, VIDEO_TARGETS.standard)).toEqual({ width: 334, height: 202 });
  });
});

describe('the video pipeline', () => {
  it('encodes a phone clip to a 480p and a 240p H.264/AAC MP4 with fast start, and a poster', async () => {
    const video = await transcode(await phoneClip({ width: 1280, height: 720, seconds: 2 }));
    expect(video).toMatchObject({ width: 854, height: 480, durationMs: 2000 });
    const [standard, saver] = video.files;
    expect(standard).toMatchObject({ quality: 'standard', width: 854, height: 480 });
    expect(saver).toMatchObject({ quality: 'saver', width: 426, height: 240 });
    for (const encoded of video.files) {
      const probe = ffprobe(encoded.file);
      const v = probe.streams.find((s) => s.codec_type === 'video')!;
      const a = probe.streams.find((s) => s.codec_type === 'audio')!;
      expect(v).toMatchObject({
        codec_name: 'h264',
        profile: 'Main',
        width: encoded.width,
        height: encoded.height,
      });
      expect(a).toMatchObject({ codec_name: 'aac', channels: encoded.quality === 'saver' ? 1 : 2 });
      expect(Number(probe.format.duration)).toBeCloseTo(2, 0);
      // Fast start: the index (moov) comes before the media data, so playback starts at once.
      const top = mp4Boxes(await readFile(encoded.file)).filter((box) => !box.path.includes('/'));
      expect(top.map((box) => box.path).indexOf('moov')).toBeLessThan(
        top.map((box) => box.path).indexOf('mdat'),
      );
    }
    const poster = await sharp(video.poster).metadata();
    expect(poster).toMatchObject({ format: 'png', width: 854, height: 480 });
  }, 60_000);

  it('applies the rotation a phone held upright writes: a portrait clip stays portrait', async () => {
    const video = await transcode(await phoneClip({ width: 640, height: 360, rotate: 90 }));
    expect(video).toMatchObject({ width: 360, height: 640 });
    for (const encoded of video.files) {
      const v = ffprobe(encoded.file).streams.find((s) => s.codec_type === 'video')!;
      expect([v.width, v.height]).toEqual([encoded.width, encoded.height]);
      expect(v.width!).toBeLessThan(v.height!);
      // Turned in the pixels, no display matrix left for a player to turn again.
      expect(v.side_data_list ?? []).toEqual([]);
    }
    expect(await sharp(video.poster).metadata()).toMatchObject({ width: 360, height: 640 });
  }, 60_000);

  it.each(['mov', 'mp4'] as const)(
    'leaves no metadata of the phone (GPS, dates, titles) nor of the encoders in any served file (%s)',
    async (format) => {
      const upload = await phoneClip({ width: 640, height: 360, rotate: 90, format });
      // The fixture has what a phone writes, where it writes it: ©xyz (QuickTime) or loci (MP4).
      const gpsBox = format === 'mov' ? 'moov/udta/\u00a9xyz' : 'moov/udta/loci';
      expect(mp4Boxes(upload).map((box) => box.path)).toContain(gpsBox);
      if (format === 'mov') expect(upload.includes(GPS_NEEDLE)).toBe(true);
      expect(upload.includes(Buffer.from('Beach with Amani'))).toBe(true);
      const video = await transcode(upload, { sourceType: CLIP_TYPES[format] });
      for (const encoded of video.files) {
        const bytes = await readFile(encoded.file);
        expect(bytes.includes(GPS_NEEDLE)).toBe(false);
        for (const text of ['Amani', 'Motema', 'Beach', 'Lavf', 'Lavc', 'x264', '2024']) {
          expect(bytes.includes(Buffer.from(text)), `${encoded.quality} has ${text}`).toBe(false);
        }
        const boxes = mp4Boxes(bytes);
        // No ©xyz, loci, ©day, ©nam, ©too or any other metadata item: udta/meta/ilst, if any, is empty.
        expect(boxes.filter((box) => /ilst\/|\u00a9|loci|XMP_|uuid/.test(box.path))).toEqual([]);
        // mvhd's creation and modification times are zero (not the phone's, not the encode's).
        const mvhd = boxes.find((box) => box.path === 'moov/mvhd')!;
        expect(bytes.readUInt32BE(mvhd.start + 12)).toBe(0);
        expect(bytes.readUInt32BE(mvhd.start + 16)).toBe(0);
        const probe = ffprobe(encoded.file);
        expect(probe.format.tags ?? {}).not.toHaveProperty('creation_time');
        expect(probe.format.tags ?? {}).not.toHaveProperty('location');
        expect(probe.format.tags ?? {}).not.toHaveProperty('encoder');
        for (const stream of probe.streams) expect(stream.tags ?? {}).not.toHaveProperty('creation_time');
      }
      // The poster, through the photo pipeline as the job does: images without EXIF.
      const poster = await encodePhoto(video.poster, 'image/png');
      for (const variant of poster.variants) {
        expect(await exifr.parse(variant.body, true).catch(() => undefined)).toBeUndefined();
        expect((await sharp(variant.body).metadata()).exif).toBeUndefined();
      }
    },
    60_000,
  );

  it('reads WebM too (by its own demuxer)', async () => {
    const video = await transcode(await phoneClip({ format: 'webm', width: 320, height: 240 }), {
      sourceType: CLIP_TYPES.webm,
    });
    expect(video).toMatchObject({ width: 320, height: 240 });
  }, 60_000);

  it('refuses a video over the limit of its use: a story takes 30 s, a post 60 s', async () => {
    const clip = await phoneClip({
      width: 64,
      height: 64,
      seconds: VIDEO_MAX_SECONDS.story + 2,
      framesPerSecond: 5,
    });
    expect(await refusal(transcode(clip, { use: 'story' }))).toBe('video_too_long');
    expect((await transcode(clip, { use: 'post' })).durationMs).toBe((VIDEO_MAX_SECONDS.story + 2) * 1000);
  }, 60_000);

  it('refuses a frame over VIDEO_MAX_PIXELS (16000x16000) from the probe, before decoding it', async () => {
    const bomb = await hugeFrameClip(16000, 16000);
    const file = path.join(dir, 'bomb.mp4');
    await writeFile(file, bomb);
    expect(await refusal(probeMedia(testTools, 'video/mp4', file))).toBe('video_too_many_pixels');
    expect(await refusal(transcode(bomb))).toBe('video_too_many_pixels');
  }, 60_000);

  it('refuses a file with no picture, and bytes that are no video', async () => {
    expect(await refusal(transcode(await phoneClip({ video: false })))).toBe('video_no_picture');
    // An HTML page or an SVG renamed .mp4 (the upload would not pass it; ffprobe must not read it).
    const page = Buffer.from('<html><body><img src="http://example.com/x.png"></body></html>');
    expect(await refusal(transcode(page))).toBe('media_unreadable');
    // An MP4 read as another container's type: the demuxer of the type only, no guessing.
    const clip = await phoneClip();
    expect(await refusal(transcode(clip, { sourceType: CLIP_TYPES.webm }))).toBe('media_unreadable');
    // A cut MP4 (its index at the end is missing).
    expect(await refusal(transcode(clip.subarray(0, clip.length / 2)))).toBe('media_unreadable');
  }, 60_000);

  it('never reads another file or a URL a playlist names (the file protocol only)', async () => {
    const secret = path.join(dir, 'secret.txt');
    await writeFile(secret, 'not for members');
    const playlist = Buffer.from(`ffconcat version 1.0\nfile '${secret}'\n`);
    expect(await refusal(transcode(playlist))).toBe('media_unreadable');
    const hls = Buffer.from(
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:9/x.ts\n#EXT-X-ENDLIST\n',
    );
    expect(await refusal(transcode(hls))).toBe('media_unreadable');
  }, 60_000);
});
