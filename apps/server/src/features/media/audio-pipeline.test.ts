// @slow-tier transcodes audios with ffmpeg.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_MAX_SECONDS, WAVEFORM_BARS } from '@motema/shared/posts';
import { AppError } from '../../lib/app-error.ts';
import { longWav, mp4Boxes, phoneClip, podcastMp3, testTools } from '../../test/transcode-fixtures.ts';
import { transcodeAudio, waveformBuilder } from './audio-pipeline.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'motema-audio-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let count = 0;
async function transcode(bytes: Buffer, sourceType: string) {
  const workDir = path.join(dir, String(++count));
  await mkdir(workDir);
  const file = path.join(workDir, 'upload');
  await writeFile(file, bytes);
  return transcodeAudio(testTools, { file, sourceType, workDir });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('waveformBuilder', () => {
  it('gives WAVEFORM_BARS loudness bars from 0 to 100, the loudest at 100, across chunk edges', () => {
    const samples = 6400;
    const waveform = waveformBuilder(samples);
    const pcm = Buffer.alloc(samples * 2);
    // Loud first half, a quarter as loud second half.
    for (let i = 0; i < samples; i++)
      pcm.writeInt16LE((i % 2 ? 1 : -1) * (i < samples / 2 ? 20000 : 5000), i * 2);
    // Odd chunk sizes: a sample cut between two chunks is read whole.
    for (let offset = 0; offset < pcm.length; offset += 333)
      waveform.push(pcm.subarray(offset, offset + 333));
    const bars = waveform.bars();
    expect(bars).toHaveLength(WAVEFORM_BARS);
    expect(bars.slice(0, WAVEFORM_BARS / 2)).toEqual(Array(WAVEFORM_BARS / 2).fill(100));
    expect(bars.slice(WAVEFORM_BARS / 2)).toEqual(Array(WAVEFORM_BARS / 2).fill(25));
  });

  it('is all zeros for silence', () => {
    const waveform = waveformBuilder(100);
    waveform.push(Buffer.alloc(200));
    expect(waveform.bars()).toEqual(Array(WAVEFORM_BARS).fill(0));
  });
});

describe('the audio pipeline', () => {
  it('encodes a podcast to AAC in MP4 with fast start, its duration and its waveform, without its tags', async () => {
    const upload = await podcastMp3(3, 1);
    expect(upload.includes(Buffer.from('Beach with Amani'))).toBe(true);
    const audio = await transcode(upload, 'audio/mpeg');
    expect(audio.durationMs).toBeGreaterThanOrEqual(3950);
    expect(audio.durationMs).toBeLessThanOrEqual(4100);
    // The tone for three quarters, silence after: the last bars are empty.
    expect(audio.waveform).toHaveLength(WAVEFORM_BARS);
    expect(Math.max(...audio.waveform)).toBe(100);
    expect(Math.min(...audio.waveform.slice(0, WAVEFORM_BARS / 2))).toBeGreaterThan(80);
    expect(Math.max(...audio.waveform.slice(-WAVEFORM_BARS / 8))).toBe(0);
    const probe = JSON.parse(
      spawnSync(
        testTools.ffprobe,
        ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', audio.file],
        {
          encoding: 'utf8',
        },
      ).stdout,
    ) as { format: { tags?: object }; streams: { codec_name: string; codec_type: string; tags?: object }[] };
    expect(probe.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['audio', 'aac']]);
    expect(probe.format.tags ?? {}).not.toHaveProperty('title');
    expect(probe.format.tags ?? {}).not.toHaveProperty('artist');
    const bytes = await readFile(audio.file);
    for (const text of ['Amani', 'Beach', 'Motema', 'Lavf', 'Lavc', '2024']) {
      expect(bytes.includes(Buffer.from(text)), text).toBe(false);
    }
    const boxes = mp4Boxes(bytes).map((box) => box.path);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(boxes.filter((box) => /ilst\/|\u00a9|loci/.test(box))).toEqual([]);
  }, 60_000);

  it('takes the sound of a video file uploaded as audio (an M4A with a picture), not its picture', async () => {
    const audio = await transcode(await phoneClip({ seconds: 1 }), 'audio/mp4');
    const probe = spawnSync(testTools.ffprobe, ['-v', 'error', '-show_streams', audio.file], {
      encoding: 'utf8',
    });
    expect(probe.stdout.match(/codec_type=(\w+)/g)).toEqual(['codec_type=audio']);
  }, 60_000);

  it(`refuses a recording over AUDIO_MAX_SECONDS (${AUDIO_MAX_SECONDS} s) from the probe`, async () => {
    const started = Date.now();
    expect(await refusal(transcode(await longWav(AUDIO_MAX_SECONDS + 5), 'audio/wav'))).toBe(
      'audio_too_long',
    );
    // Refused by the probe, not after decoding an hour.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('refuses a file with no sound, and bytes that are no audio', async () => {
    expect(await refusal(transcode(await phoneClip({ audio: false }), 'audio/mp4'))).toBe('media_unreadable');
    expect(
      await refusal(transcode(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'audio/mpeg')),
    ).toBe('media_unreadable');
  }, 60_000);
});
