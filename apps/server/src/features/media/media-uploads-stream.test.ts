import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, waitFor, type Member } from '../../test/factories.ts';
import { fixtureFile } from '../../test/media-item-factories.ts';
import { UPLOAD_BURST_BYTES, UPLOAD_BYTES_PER_SECOND } from '../../lib/upload-pace.ts';
import { mediaItemsByIds } from './media-items.service.ts';

/**
 * A multipart upload over a real connection, `use` then `file`: the file's `head`, then `bodyBytes`
 * more, written a chunk at a time up to `pauseAt` bytes; `resume()` sends the rest.
 */
function streamUpload(
  baseUrl: string,
  cookie: string,
  file: { head: Buffer; bodyBytes: number; pauseAt: number },
) {
  const boundary = `----motema${randomBytes(8).toString('hex')}`;
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="use"\r\n\r\npost\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n` +
      `Content-Type: video/mp4\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(256 * 1024);
  const request = http.request(`${baseUrl}/api/media/uploads`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': opening.length + file.head.length + file.bodyBytes + closing.length,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.on('data', (data: Buffer) => (body += data.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
  let sent = 0;
  let limit = file.pauseAt;
  let waitingForDrain = false;
  // Called by resume() and by a drain: one of them writes at a time, and the body ends once.
  const write = () => {
    if (waitingForDrain || request.writableEnded) return;
    while (sent < Math.min(limit, file.bodyBytes)) {
      const piece = chunk.subarray(0, Math.min(chunk.length, Math.min(limit, file.bodyBytes) - sent));
      sent += piece.length;
      if (!request.write(piece)) {
        waitingForDrain = true;
        return void request.once('drain', () => {
          waitingForDrain = false;
          write();
        });
      }
    }
    if (sent === file.bodyBytes) request.end(closing);
  };
  request.write(opening);
  request.write(file.head);
  write();
  return {
    answer,
    abort: () => request.destroy(),
    resume() {
      limit = file.bodyBytes;
      write();
    },
  };
}

/** Sizes of the files under `folder` of the test app's media, whatever their names (temporary ones too). */
async function bytesStoredUnder(t: TestApp, folder: string): Promise<number> {
  const entries = await readdir(path.join(t.mediaDir, folder), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
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
    const upload = streamUpload(baseUrl, member.cookie, { head, bodyBytes, pauseAt });
    // Half-way through the request, most of what was sent is already on disk.
    await waitFor(
      async () => ((await bytesStoredUnder(t, `media/${member.user.id}`)) > pauseAt / 2 ? true : undefined),
      'the upload’s first bytes on disk',
    ).catch((error: unknown) => {
      upload.abort();
      throw error;
    });
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
    const res = await streamUpload(baseUrl, member.cookie, { head, bodyBytes, pauseAt: bodyBytes }).answer;
    const elapsedMs = performance.now() - began;
    expect(res.status, res.body).toBe(202);
    // The last chunk (64 KB at most) goes on once the bytes before it are within the pace.
    const pacedBytes = head.length + bodyBytes - UPLOAD_BURST_BYTES - 64 * 1024;
    expect(elapsedMs).toBeGreaterThanOrEqual((pacedBytes / UPLOAD_BYTES_PER_SECOND) * 1000);
  });
});
