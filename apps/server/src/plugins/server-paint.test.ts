import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createMember, type Member } from '../test/factories.ts';
import { randomIp } from '../test/net.ts';
import { PREVIEW_INDEX } from '../test/link-preview-bed.ts';

/**
 * A stand-in for the web app's server build (apps/web/src/server-paint.ts) with its interface: it
 * "paints" what the API answers the visit for the profile, and what a change it tried got.
 */
const FAKE_PAINTER = `
export function createPainter() {
  return async (visit, shellFile) => {
    const me = await visit.fetch('/api/users/profile', { method: 'GET' });
    const change = await visit.fetch('/api/users', { method: 'PUT', body: '{}' });
    if (visit.url.endsWith('/elsewhere')) return null;
    if (visit.url.endsWith('/slow')) return new Promise(() => {});
    return '<!doctype html><title>painted</title><div id="root" data-server-painted>' +
      JSON.stringify({ shellFile, url: visit.url, language: visit.language, me: me.status,
        body: await me.text(), change: change.status }) + '</div>';
  };
}`;

let t: TestApp;
let dist: string;
let awa: Member;

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'motema-paint-'));
  dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'shells', 'fr'), { recursive: true });
  await mkdir(path.join(root, 'dist-server'));
  await writeFile(path.join(dist, 'index.html'), PREVIEW_INDEX);
  await writeFile(path.join(dist, 'shells', 'fr', 'profile.html'), PREVIEW_INDEX);
  await writeFile(path.join(root, 'dist-server', 'server-paint.js'), FAKE_PAINTER);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  awa = await createMember(t, { firstName: 'Awa' });
});
afterAll(async () => {
  await t?.close();
  await rm(path.dirname(dist), { recursive: true, force: true });
});

const open = (url: string, member: Member | null, encoding = 'identity') =>
  t.app.inject({
    url,
    remoteAddress: randomIp(),
    headers: {
      'accept-language': 'fr',
      'accept-encoding': encoding,
      ...(member && { cookie: member.cookie }),
    },
  });
const paintedOf = (body: string) =>
  JSON.parse(body.slice(body.indexOf('data-server-painted>') + 20, body.lastIndexOf('</div>'))) as {
    shellFile: string;
    language: string;
    me: number;
    body: string;
    change: number;
  };

describe('a page painted by the server', () => {
  it("asks the API as the visit: the member's own answers with their cookie, a visitor's without", async () => {
    const member = paintedOf((await open('/profile/someone', awa)).body);
    expect(member).toMatchObject({ shellFile: 'shells/fr/profile.html', language: 'fr', me: 200 });
    expect(JSON.parse(member.body)).toMatchObject({ _id: awa.user.id, firstName: 'Awa' });
    const visitor = paintedOf((await open('/profile/someone', null)).body);
    expect(visitor.me).toBe(401);
    expect(visitor.body).not.toContain('Awa');
  });

  it('may only read: a change it tries is refused before any route', async () => {
    expect(paintedOf((await open('/profile/someone', awa)).body).change).toBe(405);
  });

  it('is kept by the browser alone, varies with the cookie, says its cost, and travels compressed', async () => {
    const res = await open('/profile/someone', awa, 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(String(res.headers['server-timing'])).toMatch(/^paint;dur=\d+(\.\d)?$/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('data-server-painted');
  });

  it('leaves a page that sends the visit elsewhere, and home for a visitor, to their shell or the app shell', async () => {
    const elsewhere = await open('/profile/elsewhere', awa);
    expect(elsewhere.body).not.toContain('data-server-painted');
    expect(elsewhere.headers['cache-control']).toBe('no-cache');
    expect((await open('/home', null)).body).not.toContain('data-server-painted');
  });

  it('does not keep the visit waiting for a page that takes too long: its shell answers', async () => {
    const slow = await open('/profile/slow', awa);
    expect(slow.statusCode).toBe(200);
    expect(slow.body).not.toContain('data-server-painted');
    expect(slow.headers['cache-control']).toBe('no-cache');
  });
});
