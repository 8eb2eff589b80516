import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { fixtureFile } from '../../test/media-item-factories.ts';
import { streamUpload, waitUntilStored } from '../../test/stream-upload.ts';
import { UPLOAD_BURST_BYTES, UPLOAD_BYTES_PER_SECOND } from '../../lib/upload-pace.ts';
import { mediaItemsByIds } from './media-items.service.ts';

/** A video for a post: the fixture's head, then `bodyBytes` more (random), `pauseAt` of them sent first. */
function streamVideo(baseUrl: string, cookie: string, head: Buffer, bodyBytes: number, pauseAt: number) {
  const body = Buffer.concat([head, randomBytes(bodyBytes)]);
  return streamUpload(`${baseUrl}/api/media/uploads`, cookie, {
    fields: [['use', 'post']],
    file: { field: 'file', name: 'clip.mp4', contentType: 'video/mp4', body },
    pauseAt: head.length + pauseAt,
  });
}

describe('a video upload is streamed to storage, never held whole in memory', () => {
  let t: TestApp;
  let member: Member;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createMember(t);
    baseUrl = await t.listen();
  });
  afterAll(() => t.close());

  it('writes the upload’s bytes to storage as they arrive, before the request ends', async () => {
    const head = await fixtureFile('media-video-standard.mp4');
    const bodyBytes = 32 * 1024 * 1024;
    const pauseAt = 12 * 1024 * 1024;
    const upload = streamVideo(baseUrl, member.cookie, head, bodyBytes, pauseAt);
    // Half-way through the request, most of what was sent is already on disk.
    await waitUntilStored(t, upload, { folder: `media/${member.user.id}`, bytes: pauseAt / 2 });
    upload.resume();
    const res = await upload.answer;
    expect(res.status, res.body).toBe(202);
    const item = JSON.parse(res.body) as { _id: string };
    const row = (await mediaItemsByIds(t.db, [item._id])).get(item._id)!;
    expect(row.sourceBytes).toBe(head.length + bodyBytes);
  });

  it('reads a sender faster than the uploads’ pace at that pace, past its first bytes', async () => {
    const head = await fixtureFile('media-video-standard.mp4');
    const bodyBytes = UPLOAD_BURST_BYTES + 4 * 1024 * 1024;
    const began = performance.now();
    // Sent as fast as this machine's loopback takes it.
    const res = await streamVideo(baseUrl, member.cookie, head, bodyBytes, bodyBytes).answer;
    const elapsedMs = performance.now() - began;
    expect(res.status, res.body).toBe(202);
    // The last chunk (64 KB at most) goes on once the bytes before it are within the pace.
    const pacedBytes = head.length + bodyBytes - UPLOAD_BURST_BYTES - 64 * 1024;
    expect(elapsedMs).toBeGreaterThanOrEqual((pacedBytes / UPLOAD_BYTES_PER_SECOND) * 1000);
  });
});
