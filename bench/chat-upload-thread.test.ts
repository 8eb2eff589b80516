import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startUploadThread, type UploadThreadOptions } from './chat-upload-thread.ts';

type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;

/** A server standing in for the app's upload routes; `seen` lists what was asked, by whom. */
async function fakeApp(handler: Handler) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${req.headers.cookie}`);
      handler(req, Buffer.concat(chunks), res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}
const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const answer = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const MEMBERS = [
  { cookie: 'session=a', conversationId: 'c1' },
  { cookie: 'session=b', conversationId: 'c2' },
];
const BODY = {
  headers: { 'content-type': 'multipart/form-data; boundary=x' },
  payload: new Uint8Array(3000),
};
const options = (url: string, kind: 'photo' | 'video'): UploadThreadOptions => ({
  url,
  kind,
  members: MEMBERS,
  body: BODY,
  concurrency: 2,
  perMember: 2,
  pollMs: 5,
});

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("the load generator's uploads on their own thread", () => {
  it('sends the photo with each member in turn, and counts what was stored', async () => {
    const sizes: number[] = [];
    const app = await fakeApp((_req, body, res) => {
      sizes.push(body.length);
      answer(res, 201, { ok: true });
    });
    const uploads = startUploadThread(options(app.url, 'photo'));
    await uploads.accepted;
    await until(() => uploads.run.uploaded >= 6);
    const run = await uploads.stop();
    expect(run.failed).toEqual([]);
    expect(run.times).toHaveLength(run.uploaded);
    expect(run.sent).toBe(run.uploaded);
    expect(new Set(sizes)).toEqual(new Set([3000]));
    // Two uploads a member, then the next: members in turn, each to their own conversation.
    expect(app.seen.slice(0, 4).sort()).toEqual([
      'POST /api/conversations/c1/files session=a',
      'POST /api/conversations/c1/files session=a',
      'POST /api/conversations/c2/files session=b',
      'POST /api/conversations/c2/files session=b',
    ]);
  });

  it('tells a refused upload with its status and words', async () => {
    const app = await fakeApp((_req, _body, res) => answer(res, 413, { code: 'file_too_large' }));
    const uploads = startUploadThread(options(app.url, 'photo'));
    await until(() => uploads.run.failed.length >= 2);
    const run = await uploads.stop();
    expect(run.uploaded).toBe(0);
    expect(run.failed[0]).toBe('413 {"code":"file_too_large"}');
  });

  it('follows a clip until it is encoded, and resolves `accepted` once each loop was answered', async () => {
    const polls = new Map<string, number>();
    let made = 0;
    const app = await fakeApp((req, _body, res) => {
      if (req.method === 'POST') return answer(res, 202, { _id: `v${++made}`, status: 'processing' });
      const id = req.url!.split('/').pop()!;
      polls.set(id, (polls.get(id) ?? 0) + 1);
      answer(res, 200, { _id: id, status: polls.get(id)! >= 3 ? 'ready' : 'processing' });
    });
    const uploads = startUploadThread(options(app.url, 'video'));
    await uploads.accepted;
    expect(made).toBeGreaterThanOrEqual(2);
    await until(() => uploads.run.uploaded >= 2);
    const run = await uploads.stop();
    expect(run.failed).toEqual([]);
    expect(polls.get('v1')).toBe(3);
    expect(app.seen).toContain('GET /api/media/uploads/v1 session=a');
  });
});
