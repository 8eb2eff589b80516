import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../lib/clock.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createMember, sessionsOf } from '../test/factories.ts';

const INDEX = '<!doctype html><title>Motema</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('motema '.repeat(500))});`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
const WORKER = 'self.addEventListener("fetch", () => {});';

describe('the web app plugin', () => {
  let dist = '';
  let t: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'motema-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(path.join(dist, 'favicon.svg'), ICON);
    await writeFile(path.join(dist, 'favicon.svg.br'), brotliCompressSync(ICON));
    await mkdir(path.join(dist, 'icons'));
    await writeFile(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Motema"}');
    await writeFile(path.join(dist, 'sw.js'), WORKER);
    await writeFile(path.join(dist, 'sw.js.br'), brotliCompressSync(WORKER));
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends the brotli file to browsers that accept it, cached for good', async () => {
    const res = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to the others', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('answers every page of the web app with index.html, never cached stale', async () => {
    for (const url of ['/', '/settings/profile', '/zone/42/members?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('revalidates the page and the service worker on each visit', async () => {
    for (const url of ['/index.html', '/sw.js']) {
      for (const encoding of ['br', 'identity']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
      }
    }
  });

  it('keeps the other public files for a day, then revalidates them with their ETag', async () => {
    for (const url of ['/favicon.svg', '/icons/icon-192.png', '/manifest.webmanifest']) {
      for (const encoding of ['br', 'identity']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('public, max-age=86400');
        const etag = res.headers.etag;
        expect(etag, url).toBeTruthy();
        const again = await t.app.inject({
          url,
          headers: { 'accept-encoding': encoding, 'if-none-match': String(etag) },
        });
        expect(again.statusCode, url).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
    }
    const compressed = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(ICON);
  });

  it('keeps API and missing files as JSON 404s', async () => {
    for (const url of ['/api/nope', '/assets/missing.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('serves nothing outside its folder', async () => {
    const res = await t.app.inject({ url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('root:');
  });

  it('looks sessions up for the API only, not for the files of the web app', async () => {
    const member = await createMember(t);
    const seen = async () => (await sessionsOf(t.db, member.user.id))[0]!.lastSeenAt.getTime();
    const before = await seen();
    clock.advance(6 * 60_000); // past the interval after which a used session is touched
    try {
      await t.app.inject({ url: '/assets/app-abc123.js', headers: { cookie: member.cookie } });
      await t.app.inject({ url: '/settings/profile', headers: { cookie: member.cookie } });
      expect(await seen()).toBe(before);
      const profile = await t.app.inject({ url: '/api/users/profile', headers: { cookie: member.cookie } });
      expect(profile.statusCode).toBe(200);
      expect(await seen()).toBeGreaterThan(before);
    } finally {
      clock.reset();
    }
  });
});
