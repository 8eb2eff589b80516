// @slow-tier runs a live's ffmpeg on a recording made by ffmpeg, and kills one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember } from '../../../test/factories.ts';
import {
  chunksOf,
  framesOf,
  insertLive,
  liveFile,
  liveFiles,
  liveRow,
  recording,
} from '../../../test/live-media-factories.ts';
import { ffmpegChildren, newFfmpegChildren } from '../../../test/ffmpeg-children.ts';
import { eventually } from '../../../test/socket-test-bed.ts';
import type { LiveMedia } from '../live-media.ts';
import { createLiveMedia } from './create-live-media.ts';
import { liveMediaOf } from './live-media-node.ts';

/** The height and codecs of a rendition's init segment followed by one of its segments, read by ffprobe. */
async function probe(t: TestApp, liveId: string, rendition: string, segment: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'live-probe-'));
  const file = path.join(dir, 'joined.mp4');
  const init = await liveFile(t, liveId, `${rendition}-init.mp4`);
  await writeFile(file, Buffer.concat([init, await liveFile(t, liveId, segment)]));
  const out = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_name,height', '-of', 'json', file],
    {
      encoding: 'utf8',
    },
  );
  await rm(dir, { recursive: true, force: true });
  const streams = (JSON.parse(out.stdout) as { streams?: { codec_name: string; height?: number }[] }).streams;
  if (!streams) throw new Error(`ffprobe of ${segment}: ${out.stderr} (${init.length} bytes of init)`);
  return streams;
}

describe('lives: the encoder host', () => {
  let t: TestApp;
  let video: Buffer;
  let audio: Buffer;
  const told: { onAir: string[]; onLost: string[] } = { onAir: [], onLost: [] };
  let media: LiveMedia;
  beforeAll(async () => {
    t = await buildTestApp();
    [video, audio] = await Promise.all([
      recording({ seconds: 6 }),
      recording({ seconds: 4, audioOnly: true }),
    ]);
    media = createLiveMedia(t.app, {
      onAir: (liveId) => told.onAir.push(liveId),
      onLost: (liveId) => told.onLost.push(liveId),
    });
  });
  afterAll(async () => {
    for (const liveId of media.active()) await media.close(liveId, { keep: false });
    await t.close();
  });

  async function broadcast(bytes: Buffer, options: { audioOnly: boolean }) {
    const live = await insertLive(t, await createMember(t), options);
    expect(await media.open(live.id, options)).toEqual({
      renditions: options.audioOnly ? ['audio'] : ['360p', '240p', 'audio'],
    });
    const chunks = chunksOf(bytes);
    for (const [seq, chunk] of chunks.entries()) await media.push(live.id, seq, chunk);
    return { liveId: live.id, next: chunks.length };
  }

  it('turns a recording into 1 s segments of every rendition, goes on air once, and samples a frame', async () => {
    const { liveId } = await broadcast(video, { audioOnly: false });
    await eventually(() => expect(told.onAir).toContain(liveId), 60_000);
    const files = await liveFiles(t, liveId);
    expect(files).toEqual(expect.arrayContaining(['master.m3u8', '360p.m3u8', '240p.m3u8', 'audio.m3u8']));
    for (const rendition of ['360p', '240p', 'audio']) expect(files).toContain(`${rendition}-00000.m4s`);
    const master = (await liveFile(t, liveId, 'master.m3u8')).toString();
    expect(master).toContain('CODECS="avc1.4d401e,mp4a.40.2",NAME="360p"\n360p.m3u8');
    expect(master).toContain('BANDWIDTH=32000,CODECS="mp4a.40.2",NAME="audio"\naudio.m3u8');
    expect((await liveFile(t, liveId, '360p.m3u8')).toString()).toContain('#EXT-X-TARGETDURATION:1');

    expect(await probe(t, liveId, '360p', '360p-00000.m4s')).toEqual([
      { codec_name: 'h264', height: 360 },
      { codec_name: 'aac' },
    ]);
    expect(await probe(t, liveId, '240p', '240p-00000.m4s')).toEqual([
      { codec_name: 'h264', height: 240 },
      { codec_name: 'aac' },
    ]);
    expect(await probe(t, liveId, 'audio', 'audio-00000.m4s')).toEqual([{ codec_name: 'aac' }]);

    await media.close(liveId, { keep: true });
    expect(told.onAir.filter((id) => id === liveId)).toHaveLength(1);
    const frames = await framesOf(t.db, liveId);
    expect(frames.map((frame) => frame.key)).toEqual([`lives/${liveId}/frames/frame-00001.jpg`]);
    expect((await liveFile(t, liveId, 'frames/frame-00001.jpg')).subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
    // Kept: the 360p and the sound whole (6 s: six segments each), its frames; the 240p is gone.
    const kept = await liveFiles(t, liveId);
    const whole = ['00000', '00001', '00002', '00003', '00004', '00005'];
    for (const rendition of ['360p', 'audio']) {
      expect(kept.filter((name) => name.startsWith(`${rendition}-`) && name.endsWith('.m4s'))).toEqual(
        whole.map((n) => `${rendition}-${n}.m4s`),
      );
    }
    expect(kept.some((name) => name.startsWith('240p'))).toBe(false);
    expect(media.active()).not.toContain(liveId);
  });

  it('encodes an audio-only live in the audio rendition alone, with no frame', async () => {
    const { liveId } = await broadcast(audio, { audioOnly: true });
    await eventually(() => expect(told.onAir).toContain(liveId), 60_000);
    await media.close(liveId, { keep: true });
    const files = await liveFiles(t, liveId);
    expect(files).toContain('audio-00000.m4s');
    expect(files.some((name) => name.startsWith('360p') || name.startsWith('frames/'))).toBe(false);
  });

  it('removes its segments and frames when closed without keep', async () => {
    const { liveId } = await broadcast(video, { audioOnly: false });
    await eventually(() => expect(told.onAir).toContain(liveId), 60_000);
    await media.close(liveId, { keep: false });
    expect(await liveFiles(t, liveId)).toEqual([]);
    expect(await framesOf(t.db, liveId)).toEqual([]);
    // Closing again (the service's retry, a lost encoder's end) changes nothing.
    await media.close(liveId, { keep: false });
  });

  it('refuses a chunk out of order, a repeat, and one of a live it does not encode', async () => {
    const live = await insertLive(t, await createMember(t));
    await media.open(live.id, { audioOnly: false });
    const [first, second] = chunksOf(video);
    await expect(media.push(live.id, 1, second!)).rejects.toMatchObject({ code: 'live_chunk_out_of_order' });
    await media.push(live.id, 0, first!);
    await expect(media.push(live.id, 0, first!)).rejects.toMatchObject({ code: 'live_chunk_out_of_order' });
    await expect(media.push(crypto.randomUUID(), 0, first!)).rejects.toMatchObject({
      code: 'live_not_found',
    });
    await media.close(live.id, { keep: false });
    await expect(media.push(live.id, 1, second!)).rejects.toMatchObject({ code: 'live_not_found' });
  });

  it('tells a killed encoder as lost: the live ends interrupted, its files go, the server goes on', async () => {
    const node = liveMediaOf(t.app);
    const live = await insertLive(t, await createMember(t), { status: 'live' });
    const before = new Set(await ffmpegChildren());
    await node.open(live.id, { audioOnly: false });
    await node.push(live.id, 0, chunksOf(video)[0]!);
    const encoders = await newFfmpegChildren({ before });
    expect(encoders).toHaveLength(1);
    for (const pid of encoders) process.kill(pid, 'SIGKILL');
    await eventually(async () =>
      expect(await liveRow(t.db, live.id)).toMatchObject({ status: 'ended', endReason: 'interrupted' }),
    );
    await eventually(async () => expect(await liveFiles(t, live.id)).toEqual([]));
    expect(node.active()).not.toContain(live.id);
    await expect(node.push(live.id, 1, chunksOf(video)[1]!)).rejects.toMatchObject({
      code: 'live_not_found',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('stops its encoders and removes their working files when the app closes', async () => {
    const closing = await buildTestApp();
    const live = await insertLive(closing, await createMember(closing), { status: 'live' });
    const before = new Set(await ffmpegChildren());
    await liveMediaOf(closing.app).open(live.id, { audioOnly: false });
    await liveMediaOf(closing.app).push(live.id, 0, chunksOf(video)[0]!);
    const [pid] = await newFfmpegChildren({ before });
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    const workDir = path.dirname(args.find((arg) => arg.endsWith('240p.m3u8'))!);
    expect(existsSync(workDir)).toBe(true);
    await closing.close();
    expect(existsSync(workDir)).toBe(false);
    expect(await ffmpegChildren()).not.toContain(pid);
  });
});
