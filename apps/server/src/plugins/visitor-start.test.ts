import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_PAGES_FILE } from '@motema/shared/open-pages';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createMember } from '../test/factories.ts';

const INDEX = '<!doctype html><title>Motema</title><div id="root"></div>';
/** What the web build writes: the pages open without a session. */
const OPEN = ['/', '/login', '/terms-and-conditions', '/profile/:id', '/zone/:id'];

describe('a visitor opening a page not open to them', () => {
  let dist = '';
  let t: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'motema-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await mkdir(path.join(dist, 'pages', 'en'), { recursive: true });
    await writeFile(path.join(dist, 'pages', 'en', 'start.html'), '<h1>Meet people who get you</h1>');
    await writeFile(path.join(dist, OPEN_PAGES_FILE), JSON.stringify(OPEN));
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('is sent by the server to the start page, which remembers the page and its search', async () => {
    for (const [url, from] of [
      ['/conversations', '/conversations'],
      ['/zones?invite=k7P2qx', '/zones?invite=k7P2qx'],
      ['/zone/42/members/', '/zone/42/members'],
      ['/nope', '/nope'],
    ] as const) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode, res.headers.location]).toEqual([
        url,
        302,
        `/?from=${encodeURIComponent(from)}`,
      ]);
      // Whether it is sent on depends on the cookie: no shared cache keeps the answer for a member.
      expect(res.headers.vary).toContain('Cookie');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const start = await t.app.inject({ url: '/?from=%2Fconversations' });
    expect(start.body).toContain('Meet people who get you');
  });

  it('is answered on the pages open to them, in any case and with a trailing slash', async () => {
    for (const url of ['/', '/login', '/Terms-and-conditions/', '/profile/u7', '/zone/42?x=1']) {
      expect([url, (await t.app.inject({ url })).statusCode]).toEqual([url, 200]);
    }
  });

  it('leaves a member, a session that may have ended, and the bundled copy’s bearer to the app', async () => {
    const member = await createMember(t);
    const cases = [
      { cookie: member.cookie },
      { cookie: 'motema_session=ended' },
      { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({ url: '/conversations', headers });
      expect([res.statusCode, res.body]).toEqual([200, INDEX]);
    }
  });

  it('keeps the API and files out of it', async () => {
    expect((await t.app.inject({ url: '/api/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/missing.js' })).statusCode).toBe(404);
  });
});
