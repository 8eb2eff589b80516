// @slow-tier runs live encoders (ffmpeg) fed over real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHUNK_MAX_BYTES } from '@motema/shared/lives';
import { createMember } from '../../../test/factories.ts';
import { chunksOf, insertLive, liveFiles, liveRow, recording } from '../../../test/live-media-factories.ts';
import { emitAck, eventually, socketTestBed } from '../../../test/socket-test-bed.ts';
import { liveMediaOf } from './live-media-node.ts';

describe('lives: the broadcaster’s chunks (socket lives:chunk)', () => {
  const bed = socketTestBed();
  let video: Buffer;
  beforeAll(async () => {
    video = await recording({ seconds: 4 });
  });
  afterAll(async () => {
    const media = liveMediaOf(bed.t.app);
    for (const liveId of media.active()) await media.close(liveId, { keep: false });
  });

  async function startedLive() {
    const broadcaster = await createMember(bed.t);
    const live = await insertLive(bed.t, broadcaster);
    await liveMediaOf(bed.t.app).open(live.id, { audioOnly: false });
    return { broadcaster, live };
  }

  it('hands the broadcaster’s chunks to the encoder in order, acks each, and the live goes on air', async () => {
    const { broadcaster, live } = await startedLive();
    const socket = await bed.socketOf(broadcaster);
    const acks = await Promise.all(
      chunksOf(video).map((data, seq) => emitAck(socket, 'lives:chunk', { liveId: live.id, seq, data })),
    );
    expect(acks.every((ack) => ack.ok)).toBe(true);
    await eventually(async () => expect((await liveRow(bed.t.db, live.id)).status).toBe('live'), 60_000);
    expect(await liveFiles(bed.t, live.id)).toContain('360p-00000.m4s');
  });

  it('refuses a viewer’s chunk as if the live did not exist, and the encoder never sees it', async () => {
    const { broadcaster, live } = await startedLive();
    const viewer = await bed.socketOf(await createMember(bed.t));
    const [first, second] = chunksOf(video);
    expect(await emitAck(viewer, 'lives:chunk', { liveId: live.id, seq: 0, data: first })).toEqual({
      ok: false,
      code: 'live_not_found',
    });
    // The broadcaster's first chunk is still chunk 0: the viewer's took no place in the order.
    const socket = await bed.socketOf(broadcaster);
    expect(await emitAck(socket, 'lives:chunk', { liveId: live.id, seq: 0, data: first })).toEqual({
      ok: true,
    });
    expect(await emitAck(socket, 'lives:chunk', { liveId: live.id, seq: 1, data: second })).toEqual({
      ok: true,
    });
  });

  it('refuses a chunk out of order, a repeat, one too large and a malformed one', async () => {
    const { broadcaster, live } = await startedLive();
    const socket = await bed.socketOf(broadcaster);
    const [first, second] = chunksOf(video);
    const send = (payload: object) => emitAck(socket, 'lives:chunk', { liveId: live.id, ...payload });
    expect(await send({ seq: 1, data: second })).toEqual({ ok: false, code: 'live_chunk_out_of_order' });
    expect(await send({ seq: 0, data: first })).toEqual({ ok: true });
    expect(await send({ seq: 0, data: first })).toEqual({ ok: false, code: 'live_chunk_out_of_order' });
    expect(await send({ seq: 1, data: Buffer.alloc(LIVE_CHUNK_MAX_BYTES + 1) })).toEqual({
      ok: false,
      code: 'live_chunk_too_large',
    });
    expect(await send({ seq: 1, data: 'text' })).toEqual({ ok: false, code: 'bad_request' });
    expect(await send({ seq: -1, data: second })).toEqual({ ok: false, code: 'bad_request' });
    expect(await send({ seq: 1, data: second })).toEqual({ ok: true });
  });

  it('refuses the chunks of a live that ended, and the encoder has let it go', async () => {
    const { broadcaster, live } = await startedLive();
    const socket = await bed.socketOf(broadcaster);
    await liveMediaOf(bed.t.app).close(live.id, { keep: false });
    expect(
      await emitAck(socket, 'lives:chunk', { liveId: live.id, seq: 0, data: chunksOf(video)[0] }),
    ).toEqual({
      ok: false,
      code: 'live_not_found',
    });
    expect(await liveFiles(bed.t, live.id)).toEqual([]);
  });
});
