import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { randomIp } from '../../test/net.ts';

// The files that let links to Motema open the installed apps, served from configuration to the
// phones' and Apple's fetchers (no session, no cookie, no redirect).

const FINGERPRINTS = [
  '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5',
  'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
];

let configured: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  configured = await buildTestApp({
    env: {
      APP_LINKS_ANDROID_PACKAGE: 'app.motema',
      // Written as keytool prints them, in lower case here: served upper case.
      APP_LINKS_ANDROID_SHA256: FINGERPRINTS.map((each, i) => (i ? each.toLowerCase() : each)).join(', '),
      APP_LINKS_IOS_APP_ID: 'A1B2C3D4E5.app.motema',
    },
  });
  unconfigured = await buildTestApp();
});
afterAll(async () => {
  await configured.close();
  await unconfigured.close();
});

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });

describe('/.well-known/assetlinks.json', () => {
  it('names the Android app and its signing certificates, as JSON, cacheable, to anyone', async () => {
    const res = await get(configured, '/.well-known/assetlinks.json');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'app.motema',
          sha256_cert_fingerprints: FINGERPRINTS,
        },
      },
    ]);
  });

  it('answers 404 while no Android app is configured (not the web app’s page)', async () => {
    const res = await get(unconfigured, '/.well-known/assetlinks.json');

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});

describe('/.well-known/apple-app-site-association', () => {
  it('names the iOS app and the paths it opens (every page, not the API nor the files), as JSON without an extension', async () => {
    const res = await get(configured, '/.well-known/apple-app-site-association');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toEqual({
      applinks: {
        details: [
          {
            appIDs: ['A1B2C3D4E5.app.motema'],
            components: [
              { '/': '/api/*', exclude: true },
              { '/': '/socket.io/*', exclude: true },
              { '/': '/assets/*', exclude: true },
              { '/': '/.well-known/*', exclude: true },
              { '/': '/dev/*', exclude: true },
              { '/': '/*' },
            ],
          },
        ],
      },
    });
  });

  it('answers 404 while no iOS app is configured (not the web app’s page)', async () => {
    const res = await get(unconfigured, '/.well-known/apple-app-site-association');

    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is served on its own: the Android file may be configured without it', async () => {
    const androidOnly = await buildTestApp({
      env: { APP_LINKS_ANDROID_PACKAGE: 'app.motema', APP_LINKS_ANDROID_SHA256: FINGERPRINTS[0]! },
    });
    try {
      expect((await get(androidOnly, '/.well-known/assetlinks.json')).statusCode).toBe(200);
      expect((await get(androidOnly, '/.well-known/apple-app-site-association')).statusCode).toBe(404);
    } finally {
      await androidOnly.close();
    }
  });
});
