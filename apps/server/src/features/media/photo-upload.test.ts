import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_THUMBNAIL_MAX_BYTES, PHOTO_MAX_BYTES, type Image } from '@motema/shared/media';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import {
  heicSample,
  mediaSnapshot,
  phoneJpeg,
  photoCount,
  pngBomb,
  postPhoto,
  samples,
  storedFiles,
} from '../../test/media-factories.ts';
import { randomIp } from '../../test/net.ts';
import { HEIC_DECODABLE } from './photo-pipeline.ts';

/** Every served file of an image, fetched through GET /api/media as a visitor. */
async function servedFiles(t: TestApp, image: Image) {
  return Promise.all(
    image.sources.map(async (source) => {
      const res = await t.app.inject({ method: 'GET', url: source.url });
      expect(res.statusCode, source.url).toBe(200);
      return { source, res, body: res.rawPayload };
    }),
  );
}

/** No EXIF (GPS, camera, author, date), no XMP, IPTC or ICC profile, read by two parsers. */
async function expectNoMetadata(body: Buffer) {
  const metadata = await sharp(body).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  const parsed = await exifr
    .parse(body, { tiff: true, exif: true, gps: true, xmp: true, iptc: true, icc: true })
    .catch((error: Error) => {
      // exifr knows no WebP: it has nothing to read there, which is what we want.
      if (/Unknown file format/.test(error.message)) return undefined;
      throw error;
    });
  expect(parsed).toBeUndefined();
  expect(await exifr.gps(body).catch(() => undefined)).toBeUndefined();
}

describe('POST /api/photos', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createMember(t);
  });
  afterAll(() => t.close());

  it('turns a 12-megapixel phone JPEG (GPS, orientation, P3 profile) into clean, upright variants', async () => {
    const jpeg = await phoneJpeg(4000, 3000, 6);
    // The fixture really carries what a phone writes.
    expect(await exifr.gps(jpeg)).toMatchObject({ latitude: expect.closeTo(-4.325, 2) });
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);

    const res = await postPhoto(t, member.cookie, jpeg, { filename: 'IMG_0001.JPG' });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<Image>();
    // Orientation 6: stored 4000x3000 turned, shown 3000x4000; the largest variant is 1080 wide.
    expect(image).toMatchObject({ width: 1080, height: 1440 });
    expect(image.sources.map((source) => `${source.width}:${source.type}`)).toEqual([
      '160:image/avif',
      '160:image/webp',
      '480:image/avif',
      '480:image/webp',
      // The middle size: a 360 px card on a DPR-2 phone takes it rather than the 1080 px file.
      '720:image/avif',
      '720:image/webp',
      '1080:image/avif',
      '1080:image/webp',
    ]);
    expect(image.thumbnail).toBe(`/api/media/${image._id}/160.webp`);
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(image.placeholder.length).toBeLessThan(700);
    // The presenter's whitelist: URLs and sizes, never the owner or the storage keys.
    expect(Object.keys(image).sort()).toEqual([
      '_id',
      'createdAt',
      'height',
      'placeholder',
      'sources',
      'thumbnail',
      'width',
    ]);
    expect(JSON.stringify({ ...image, placeholder: '' })).not.toMatch(/photos\/|owner|"key"/);

    for (const { source, res: served, body } of await servedFiles(t, image)) {
      expect(served.headers['content-type']).toBe(source.type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(body).metadata();
      expect(metadata.format).toBe(source.type === 'image/avif' ? 'heif' : 'webp');
      expect(metadata.width).toBe(source.width);
      expect(metadata.height).toBe(Math.round((source.width * 4) / 3));
      await expectNoMetadata(body);
    }
    const placeholder = Buffer.from(image.placeholder.split(',')[1]!, 'base64');
    await expectNoMetadata(placeholder);
    const thumbnail = await t.app.inject({ method: 'GET', url: image.thumbnail });
    expect(thumbnail.rawPayload.length).toBeLessThanOrEqual(AVATAR_THUMBNAIL_MAX_BYTES);
  }, 60_000);

  it.each([
    ['PNG with transparency', () => samples.png(800, 600), 'photo.png', 'image/png', [160, 480, 720, 800]],
    ['WebP', () => samples.webp(900, 1200), 'photo.webp', 'image/webp', [160, 480, 720, 900]],
    ['AVIF', () => samples.avif(1200, 800), 'photo.avif', 'image/avif', [160, 480, 720, 1080]],
    ['small JPEG (never upscaled)', () => samples.small(64, 48), 'tiny.jpg', 'image/jpeg', [64]],
  ] as const)('accepts a %s', async (_name, make, filename, contentType, widths) => {
    const bytes = await make();
    const res = await postPhoto(t, member.cookie, bytes, { filename, contentType });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<Image>();
    expect([...new Set(image.sources.map((source) => source.width))]).toEqual(widths);
    expect(image.width).toBe(widths.at(-1));
    for (const { body } of await servedFiles(t, image)) await expectNoMetadata(body);
  });

  it('finds the type from the bytes, not from the name or the declared type', async () => {
    const png = await samples.png(300, 200);
    const res = await postPhoto(t, member.cookie, png, { filename: 'notes.txt', contentType: 'text/plain' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers the stored photos in GET /api/photos', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ photos: Image[]; count: number }>();
    expect(list.count).toBe(await photoCount(t.db, member.user.id));
    expect(list.photos).toHaveLength(list.count);
  });
});

describe('POST /api/photos refusals leave nothing stored', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createMember(t);
    // One photo already there: a refusal must neither add nor remove anything.
    expect((await postPhoto(t, member.cookie, await samples.small())).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  async function expectRefused(
    send: () => Promise<{ statusCode: number; json: <T>() => T }>,
    status: number,
    code: string,
  ) {
    const before = await mediaSnapshot(t);
    expect(before.files.length).toBeGreaterThan(0);
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.json<{ code: string }>().code).toBe(code);
    expect(await mediaSnapshot(t)).toEqual(before);
  }

  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  );
  const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/users")</script></body></html>');

  it.each([
    ['an SVG (with a script)', svg, 'photo.svg', 'image/svg+xml'],
    ['an HTML page', html, 'page.html', 'text/html'],
    ['an HTML page renamed .jpg', html, 'photo.jpg', 'image/jpeg'],
    ['a script renamed .png', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'photo.png', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'cv.pdf', 'application/pdf'],
  ])('refuses %s with photo_type_unsupported', async (_name, bytes, filename, contentType) => {
    await expectRefused(
      () => postPhoto(t, member.cookie, bytes, { filename, contentType }),
      400,
      'photo_type_unsupported',
    );
  });

  it('refuses a GIF (not a photo format we take)', async () => {
    const gif = await samples.gif();
    await expectRefused(() => postPhoto(t, member.cookie, gif), 400, 'photo_type_unsupported');
  });

  it(`refuses HEIC with photo_type_unsupported: this sharp build has no HEVC decoder (${HEIC_DECODABLE ? 'it has one here' : 'prebuilt binaries'})`, async () => {
    expect(HEIC_DECODABLE).toBe(false);
    await expectRefused(
      () =>
        postPhoto(t, member.cookie, heicSample(), { filename: 'IMG_0002.HEIC', contentType: 'image/heic' }),
      400,
      'photo_type_unsupported',
    );
  });

  it('refuses a JPEG whose data is damaged with photo_unreadable', async () => {
    const jpeg = await samples.small(200, 150);
    const damaged = Buffer.concat([jpeg.subarray(0, 400), Buffer.alloc(200, 0x41)]);
    await expectRefused(() => postPhoto(t, member.cookie, damaged), 400, 'photo_unreadable');
  });

  it('refuses a file over PHOTO_MAX_BYTES with 413 photo_too_large', async () => {
    const jpegStart = await samples.small();
    const oversized = Buffer.concat([jpegStart, Buffer.alloc(PHOTO_MAX_BYTES + 1 - jpegStart.length, 7)]);
    await expectRefused(() => postPhoto(t, member.cookie, oversized), 413, 'photo_too_large');
  });

  it('refuses a much larger upload from its Content-Length, with the same 413', async () => {
    const jpegStart = await samples.small();
    const huge = Buffer.concat([jpegStart, Buffer.alloc(PHOTO_MAX_BYTES + 512 * 1024, 7)]);
    await expectRefused(() => postPhoto(t, member.cookie, huge), 413, 'photo_too_large');
  });

  it('refuses a decompression bomb from its header, fast and without decoding it', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    let elapsed = 0;
    let rssGrowth = 0;
    await expectRefused(
      async () => {
        const rssBefore = process.memoryUsage().rss;
        const started = performance.now();
        const res = await postPhoto(t, member.cookie, bomb);
        elapsed = performance.now() - started;
        rssGrowth = process.memoryUsage().rss - rssBefore;
        return res;
      },
      400,
      'photo_too_many_pixels',
    );
    // Refused from the header in milliseconds (a decode would take seconds)...
    expect(elapsed).toBeLessThan(500);
    // ...and without the 400 MB (one byte per pixel at least) a decode would need.
    expect(rssGrowth).toBeLessThan(100 * 1024 * 1024);
  });

  it.each([
    ['no file at all', () => postPhoto(t, member.cookie, null)],
    ['an empty file', () => postPhoto(t, member.cookie, Buffer.alloc(0))],
    [
      'a file under another field name',
      async () => postPhoto(t, member.cookie, await samples.small(), { field: 'avatar' }),
    ],
    [
      'a JSON body',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/photos',
          remoteAddress: randomIp(),
          headers: { cookie: member.cookie },
          payload: { file: 'data:image/jpeg;base64,/9j/' },
        }),
    ],
  ])('answers 400 photo_missing for %s', async (_name, send) => {
    await expectRefused(send, 400, 'photo_missing');
  });

  it('answers 401 to a visitor, before reading the upload', async () => {
    await expectRefused(async () => postPhoto(t, undefined, await samples.small()), 401, 'unauthorized');
  });

  it('limits uploads per address (R1): 429 with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await postPhoto(t, member.cookie, null, { ip })).statusCode).toBe(400);
    }
    const before = await storedFiles(t);
    const res = await postPhoto(t, member.cookie, await samples.small(), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await storedFiles(t)).toEqual(before);
  });
});
