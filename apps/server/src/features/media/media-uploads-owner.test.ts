import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '@motema/shared/media';
import type { MediaItem } from '@motema/shared/posts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { refusedSamples } from '../../test/chat-files-factories.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { samples } from '../../test/media-factories.ts';
import { fixtureFile, postMediaUpload } from '../../test/media-item-factories.ts';
import { openApiConformance } from '../../test/openapi-conformance.ts';

const get = (t: TestApp, url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

describe('the owner’s uploads: GET /api/media/uploads/:id and its files', () => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createMember(t);
    other = await createMember(t);
  });
  afterAll(() => t.close());

  describe('the owner’s routes', () => {
    let photo: MediaItem;
    beforeAll(async () => {
      const res = await postMediaUpload(t, owner.cookie, await samples.small(640, 480));
      expect(res.statusCode, res.body).toBe(201);
      photo = res.json<MediaItem>();
    });

    it('GET /api/media/uploads/:id: the owner’s item; 404 media_not_found for anyone else', async () => {
      const mine = await get(t, `/api/media/uploads/${photo._id}`, owner.cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual(photo);
      for (const url of [
        `/api/media/uploads/${photo._id}`,
        `/api/media/uploads/${randomUUID()}`,
        '/api/media/uploads/nope',
      ]) {
        const res = await get(t, url, url.includes(photo._id) ? other.cookie : owner.cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'media_not_found' });
      }
      expect((await get(t, `/api/media/uploads/${photo._id}`)).statusCode).toBe(401);
    });

    it('GET /api/media/uploads/:id/:file: the owner’s files with Range; 404 for anyone else', async () => {
      const url = photo.image!.thumbnail;
      const whole = await get(t, url, owner.cookie);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('image/webp');
      expect(whole.headers['cache-control']).toMatch(/^private/);
      expect(whole.headers['x-content-type-options']).toBe('nosniff');
      const part = await get(t, url, owner.cookie, { range: 'bytes=0-9' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 10));
      expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.rawPayload.length}`);
      expect(
        (await get(t, url, owner.cookie, { 'if-none-match': String(whole.headers.etag) })).statusCode,
      ).toBe(304);
      expect((await get(t, url, other.cookie)).statusCode).toBe(404);
      expect((await get(t, `/api/media/uploads/${photo._id}/upload`, owner.cookie)).statusCode).toBe(404);
      expect((await get(t, `/api/media/uploads/${photo._id}/2000.webp`, owner.cookie)).statusCode).toBe(404);
      expect((await get(t, url)).statusCode).toBe(401);
    });
  });

  it('answers as the OpenAPI document gives it: 201, 202, 400, 413, the item, its files 200, 206, 304, 416, 404', async () => {
    const openApi = openApiConformance(t);
    const photo = await postMediaUpload(t, owner.cookie, await samples.small());
    const video = await postMediaUpload(t, owner.cookie, await fixtureFile('media-video-standard.mp4'));
    const refused = await postMediaUpload(t, owner.cookie, refusedSamples.html());
    const wrongUse = await postMediaUpload(t, owner.cookie, await samples.small(), { use: 'avatar' });
    const tooLarge = await postMediaUpload(
      t,
      owner.cookie,
      Buffer.concat([await samples.small(), Buffer.alloc(PHOTO_MAX_BYTES)]),
    );
    expect([photo, video, refused, wrongUse, tooLarge].map((res) => res.statusCode)).toEqual([
      201, 202, 400, 400, 413,
    ]);
    for (const res of [photo, video, refused, wrongUse, tooLarge])
      openApi.expectDocumented('post', '/api/media/uploads', res);
    const requestBody = (
      openApi.document.paths?.['/api/media/uploads']?.post as {
        requestBody?: { content?: Record<string, unknown> };
      }
    ).requestBody;
    expect(Object.keys(requestBody?.content ?? {})).toEqual(['multipart/form-data']);

    const item = photo.json<MediaItem>();
    for (const [cookie, id, status] of [
      [owner.cookie, item._id, 200],
      [other.cookie, item._id, 404],
    ] as const) {
      const res = await get(t, `/api/media/uploads/${id}`, cookie);
      expect(res.statusCode).toBe(status);
      openApi.expectDocumented('get', '/api/media/uploads/{id}', res);
    }
    const url = item.image!.thumbnail;
    const whole = await get(t, url, owner.cookie);
    const answers = [
      whole,
      await get(t, url, owner.cookie, { range: 'bytes=5-' }),
      await get(t, url, owner.cookie, { 'if-none-match': String(whole.headers.etag) }),
      await get(t, url, owner.cookie, { range: 'bytes=999999-' }),
      await get(t, url, other.cookie),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 206, 304, 416, 404]);
    for (const res of answers) openApi.expectDocumented('get', '/api/media/uploads/{id}/{file}', res);
  });
});
