import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { TestApp } from './build-test-app.ts';
import { waitFor } from './factories.ts';

export type StreamedFile = { field: string; name: string; contentType: string; body: Buffer };

/**
 * A multipart upload over a real connection: `fields` (in order), then the file, written 256 KB at a
 * time up to `pauseAt` of its bytes; `resume()` sends the rest. `answer` is the server's reply.
 */
export function streamUpload(
  url: string,
  cookie: string,
  upload: { fields: [string, string][]; file: StreamedFile; pauseAt: number },
) {
  const boundary = `----motema${randomBytes(8).toString('hex')}`;
  const fields = upload.fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const { file } = upload;
  const opening = Buffer.from(
    `${fields.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
      `filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': opening.length + file.body.length + closing.length,
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
  let limit = upload.pauseAt;
  let waitingForDrain = false;
  // Called by resume() and by a drain: one of them writes at a time, and the body ends once.
  const write = () => {
    if (waitingForDrain || request.writableEnded) return;
    const until = Math.min(limit, file.body.length);
    while (sent < until) {
      const piece = file.body.subarray(sent, Math.min(until, sent + 256 * 1024));
      sent += piece.length;
      if (!request.write(piece)) {
        waitingForDrain = true;
        return void request.once('drain', () => {
          waitingForDrain = false;
          write();
        });
      }
    }
    if (sent === file.body.length) request.end(closing);
  };
  request.write(opening);
  write();
  return {
    answer,
    abort: () => request.destroy(),
    resume() {
      limit = file.body.length;
      write();
    },
  };
}

/**
 * Waits until more than `bytes` of `upload` are stored under `folder` of the test app's media while the
 * rest is held back; on a timeout the upload is aborted and the wait's error thrown.
 */
export async function waitUntilStored(
  t: TestApp,
  upload: ReturnType<typeof streamUpload>,
  { folder, bytes }: { folder: string; bytes: number },
): Promise<void> {
  await waitFor(
    async () => ((await bytesStoredUnder(t, folder)) > bytes ? true : undefined),
    'the upload’s first bytes on disk',
  ).catch((error: unknown) => {
    upload.abort();
    throw error;
  });
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
