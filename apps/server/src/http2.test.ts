import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpsGet } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './features/auth/sessions.service.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { createMember, MEMBER_PASSWORD, type Member } from './test/factories.ts';
import { http2Client, type Http2Client } from './test/http2-client.ts';
import { multipartBody, samples } from './test/media-factories.ts';
import { selfSignedCertificate } from './test/self-signed-certificate.ts';
import { welcomed, type ClientSocket } from './test/socket-test-bed.ts';

const SCRIPT = `console.log(${JSON.stringify('motema '.repeat(500))});`;
const INDEX = '<!doctype html><title>Motema</title><div id="root"></div>';

/**
 * The server given a certificate (TLS_CERT_FILE, TLS_KEY_FILE): everything members use, over HTTP/2
 * from a real node:http2 client on loopback, and HTTP/1.1 still answered on the same port.
 */
describe('HTTP/2 over TLS', () => {
  const certificate = selfSignedCertificate();
  let dist = '';
  let t: TestApp;
  let origin = '';
  let client: Http2Client;
  let member: Member;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'motema-h2-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist }, tls: certificate });
    origin = await t.listen();
    client = await http2Client(origin, certificate.cert);
    member = await createMember(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await client?.close();
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('negotiates HTTP/2 and answers the API, with HSTS since the request came over TLS', async () => {
    expect(client.session.alpnProtocol).toBe('h2');
    const res = await client.request('/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves the web build with its caching headers and precompressed files', async () => {
    const file = await client.request('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(file.status).toBe(200);
    expect(file.headers['content-encoding']).toBe('br');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(file.body).toString()).toBe(SCRIPT);
    const page = await client.request('/settings/profile');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe(INDEX);
    expect(page.headers['cache-control']).toMatch(/no-cache/);
  });

  it('compresses API answers on the fly', async () => {
    const res = await client.request('/api/docs/json', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toHaveProperty('openapi');
  });

  it('logs in with a Secure session cookie that opens the API', async () => {
    const login = await client.request(
      '/api/auth/login',
      { ':method': 'POST', 'content-type': 'application/json' },
      JSON.stringify({ identifier: member.user.username, password: MEMBER_PASSWORD }),
    );
    expect(login.status, login.body.toString()).toBe(200);
    const setCookie = login.headers['set-cookie']?.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/; Secure/i);
    const profile = await client.request('/api/users/profile', { cookie: setCookie!.split(';')[0]! });
    expect(profile.status).toBe(200);
    expect(JSON.parse(profile.body.toString())).toMatchObject({ username: member.user.username });
  });

  it('takes a photo upload and serves its variants', async () => {
    const upload = multipartBody({ bytes: await samples.small(), filename: 'me.jpg' });
    const res = await client.request(
      '/api/photos',
      { ':method': 'POST', cookie: member.cookie, ...upload.headers },
      upload.payload,
    );
    expect(res.status, res.body.toString()).toBe(201);
    const { sources } = JSON.parse(res.body.toString()) as { sources: { url: string; type: string }[] };
    for (const source of sources) {
      const variant = await client.request(source.url, { cookie: member.cookie });
      expect(variant.status).toBe(200);
      expect(variant.headers['content-type']).toBe(source.type);
      expect(variant.body.length).toBe(Number(variant.headers['content-length']));
    }
  });

  it('reads an upload streamed past the first flow-control window (a GIF, refused by its bytes)', async () => {
    // 200 KB: HTTP/2's initial window is 64 KB, so the server must grant more for the body to arrive.
    // The photo type comes from the bytes, read once the whole multipart body is in.
    const gif = Buffer.concat([await samples.gif(), Buffer.alloc(200 * 1024)]);
    const upload = multipartBody({ bytes: gif, filename: 'me.jpg', contentType: 'image/jpeg' });
    const res = await client.request(
      '/api/photos',
      { ':method': 'POST', cookie: member.cookie, ...upload.headers },
      upload.payload,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'photo_type_unsupported' });
  });

  it('opens Socket.IO by long polling over HTTP/2, where the Origin is checked against :authority', async () => {
    // A browser page on this origin: HTTP/2 carries the host as :authority, with no Host header.
    const headers = { origin, cookie: member.cookie };
    const open = await client.request('/socket.io/?EIO=4&transport=polling', headers);
    expect(open.status, open.body.toString()).toBe(200);
    const { sid } = JSON.parse(open.body.toString().slice(1)) as { sid: string };
    const query = `/socket.io/?EIO=4&transport=polling&sid=${sid}`;
    const connect = await client.request(query, { ...headers, ':method': 'POST' }, '40');
    expect(connect.body.toString()).toBe('ok');
    const greeted = await client.request(query, headers);
    expect(greeted.body.toString()).toMatch(/^40\{"sid":/);
    const other = await client.request('/socket.io/?EIO=4&transport=polling', {
      ...headers,
      origin: 'https://elsewhere.example',
    });
    expect(other.status).toBe(403);
  });

  it('upgrades Socket.IO to a WebSocket over HTTP/1.1 on the same port', async () => {
    for (const transports of [['websocket'], ['polling', 'websocket']]) {
      const socket: ClientSocket = io(origin, {
        transports,
        extraHeaders: { cookie: member.cookie, origin },
        ca: certificate.cert,
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await expect(welcomed(socket)).resolves.toMatchObject({ userId: member.user.id });
      if (transports.length > 1)
        await new Promise<void>((resolve) =>
          socket.io.engine.transport.name === 'websocket'
            ? resolve()
            : socket.io.engine.once('upgrade', () => resolve()),
        );
      expect(socket.io.engine.transport.name).toBe('websocket');
    }
  });

  it('still answers HTTP/1.1 clients over TLS', async () => {
    const answer = await new Promise<{ version: string; status: number }>((resolve, reject) =>
      httpsGet(`${origin}/api/health`, { ca: certificate.cert }, (res) => {
        res.resume();
        resolve({ version: res.httpVersion, status: res.statusCode ?? 0 });
      }).on('error', reject),
    );
    expect(answer).toEqual({ version: '1.1', status: 200 });
  });
});
