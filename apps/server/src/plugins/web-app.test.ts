import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_WORKER } from '@motema/shared/push-worker';
import { clock } from '../lib/clock.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createMember, sessionsOf } from '../test/factories.ts';

const INDEX = '<!doctype html><title>Motema</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('motema '.repeat(500))});`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
const WORKER = 'self.addEventListener("fetch", () => {});';
/** Prerendered public pages (the web build's pages/<language>/<page>.html), a few of them. */
const PAGES = {
  'pages/en/start.html': '<html lang="en"><h1>Meet people who get you</h1>',
  'pages/fr/start.html': '<html lang="fr"><h1>Rencontrez des gens qui vous ressemblent</h1>',
  'pages/fr/login.html': '<html lang="fr"><h1>Bon retour</h1>',
  'pages/ro/start.html': '<html lang="ro"><h1>Cunoaște oameni care te înțeleg</h1>',
};
/** Home's shells (the web build's shells/<language>/home.html): index.html naming home's files. */
const SHELLS = {
  'shells/en/home.html': '<link rel="modulepreload" href="/assets/discovery-en.js"><div id="root">',
  'shells/fr/home.html': '<link rel="modulepreload" href="/assets/discovery-fr.js"><div id="root">',
};

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
    await writeFile(path.join(dist, PUSH_WORKER), WORKER);
    for (const language of ['en', 'fr', 'ro'])
      await mkdir(path.join(dist, 'pages', language), { recursive: true });
    for (const [file, html] of Object.entries(PAGES)) await writeFile(path.join(dist, file), html);
    for (const language of ['en', 'fr'])
      await mkdir(path.join(dist, 'shells', language), { recursive: true });
    for (const [file, html] of Object.entries(SHELLS)) await writeFile(path.join(dist, file), html);
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

  it('routes each file of the build once: its .br and .gz beside it are no routes of their own', () => {
    // A route is a context the server keeps for good (its hooks, its handler): the web build's 833
    // files made 831 routes, 496 of them for the compressed copies (3.5 MB of heap; bench/README.md, B3).
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/app-abc123.js' })).toBe(true);
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/app-abc123.js.br' })).toBe(false);
    expect(t.app.hasRoute({ method: 'GET', url: '/sw.js.br' })).toBe(false);
  });

  it('sends the plain file to the others', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('answers every page of the web app with index.html, never cached stale', async () => {
    for (const url of ['/settings/profile', '/zone/42/members?x=1', '/home', '/otp']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a public page with its prerendered HTML in the language the app would choose', async () => {
    const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
    const cases: [string, Record<string, string>, string][] = [
      ['/', {}, PAGES['pages/en/start.html']],
      ['/', { 'accept-language': 'fr-CD,fr;q=0.9,en;q=0.8' }, PAGES['pages/fr/start.html']],
      // By weight, not by order; an unknown language is passed over.
      ['/', { 'accept-language': 'en;q=0.5, ln-CD, ro;q=0.8' }, PAGES['pages/ro/start.html']],
      // The choice stored on the device (its cookie) beats the query, which beats the browser.
      ['/', { 'accept-language': 'fr', cookie: 'motema_language=en' }, PAGES['pages/en/start.html']],
      ['/?lang=fr', { 'accept-language': 'ro' }, PAGES['pages/fr/start.html']],
      ['/login/', { 'accept-language': 'fr' }, PAGES['pages/fr/login.html']],
    ];
    for (const [url, headers, html] of cases) {
      const res = await page(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${JSON.stringify(headers)}`).toBe(html);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Cookie, Accept-Language');
    }
  });

  it('answers members, and pages the build did not prerender, with the app shell', async () => {
    const cases: [string, Record<string, string>][] = [
      // A member opening the start page is sent home by the app, from the shell.
      ['/', { cookie: 'motema_session=abc; motema_language=fr' }],
      ['/login', { 'accept-language': 'en' }], // no pages/en/login.html in this build
      ['/otp', { 'accept-language': 'fr' }],
    ];
    for (const [url, headers] of cases) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers.vary).toContain('Cookie, Accept-Language');
    }
  });

  it("answers a member's home with the shell naming its files, in the language the app starts in", async () => {
    const session = 'motema_session=abc';
    const cases: [string, Record<string, string>, string][] = [
      ['/home', { cookie: session }, SHELLS['shells/en/home.html']],
      ['/home/', { cookie: session, 'accept-language': 'fr-CD,fr;q=0.9' }, SHELLS['shells/fr/home.html']],
      // The choice stored on the device (its cookie) beats the query, which beats the browser.
      [
        '/home',
        { cookie: `${session}; motema_language=fr`, 'accept-language': 'en' },
        SHELLS['shells/fr/home.html'],
      ],
      ['/home?lang=fr', { cookie: session }, SHELLS['shells/fr/home.html']],
      // No ro shell in this build: the plain app shell.
      ['/home', { cookie: `${session}; motema_language=ro` }, INDEX],
      // A visitor: the app sends them to log in, from the plain shell, without member code.
      ['/home', { 'accept-language': 'fr' }, INDEX],
      ['/swap', { cookie: session }, INDEX],
    ];
    for (const [url, headers, html] of cases) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${JSON.stringify(headers)}`).toBe(html);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Cookie, Accept-Language');
    }
    const direct = await t.app.inject({ url: '/shells/fr/home.html' });
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates the page and the service worker on each visit', async () => {
    for (const url of ['/index.html', '/sw.js', `/${PUSH_WORKER}`]) {
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
