import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

/** Writes `request` as is on a new connection to `baseUrl` and returns everything the server sends. */
function rawExchange(
  baseUrl: string,
  request: string,
): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    // The server closes the connection after a refusal, as Node does: a reset may follow the answer.
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body });
    });
  });
}

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown API paths with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'not_found', message: 'Not found' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('Motema API');
  });

  it('compresses API answers of 1 KB or more with brotli or gzip, as the browser accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const unpacked = brotliDecompressSync(br.rawPayload);
    expect(unpacked.equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe('not_found');
  });

  it('answers what the router refuses in the error shape, never echoing the path', async () => {
    const badEncoding = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({
      statusCode: 400,
      code: 'bad_request',
      message: 'The request is not valid',
    });
  });

  describe('over a real connection', () => {
    let baseUrl = '';
    beforeAll(async () => {
      baseUrl = await t.listen();
    });
    const errorShape = (statusCode: number) => ({
      statusCode,
      code: 'bad_request',
      message: 'The request is not valid',
    });

    it('answers a URL longer than the header limit 414, in the error shape', async () => {
      const path = `/api/${'a'.repeat(20_000)}`;
      const res = await rawExchange(baseUrl, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(res.status).toBe(414);
      expect(res.head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(res.body)).toEqual(errorShape(414));
    });

    it('answers headers over the limit 431 and a malformed request 400, in the error shape', async () => {
      const big = await rawExchange(
        baseUrl,
        `GET /api/users/profile HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(big.status).toBe(431);
      expect(JSON.parse(big.body)).toEqual(errorShape(431));
      const garbage = await rawExchange(baseUrl, 'HELLO\r\n\r\n');
      expect(garbage.status).toBe(400);
      expect(JSON.parse(garbage.body)).toEqual(errorShape(400));
    });
  });

  it('sends Strict-Transport-Security over plain HTTP never, nor on an untrusted X-Forwarded-Proto', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    expect(claimed.headers['content-security-policy']).toBeDefined();
  });
});

describe('the API documentation in production', () => {
  it('is not served unless API_DOCS is set', async () => {
    const t = await buildTestApp({ env: PRODUCTION_ENV });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
    } finally {
      await t.close();
    }
  });

  describe('with API_DOCS=true behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { ...PRODUCTION_ENV, API_DOCS: 'true', TRUST_PROXY: 'true' } });
    });
    afterAll(() => t.close());

    it('serves the documentation', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().info.title).toBe('Motema API');
    });

    it('sends Strict-Transport-Security with answers to HTTPS requests only', async () => {
      const https = await t.app.inject({
        method: 'GET',
        url: '/api/nothing-here',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
