import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@motema/shared/media';
import { blocks, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { postPhoto, samples } from '../../test/media-factories.ts';

describe('GET /api/media/:photoId/:file', () => {
  let t: TestApp;
  let owner: Member;
  let viewer: Member;
  let image: Image;
  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createMember(t);
    viewer = await createMember(t);
    const res = await postPhoto(t, owner.cookie, await samples.webp(600, 800));
    expect(res.statusCode, res.body).toBe(201);
    image = res.json<Image>();
  });
  afterAll(() => t.close());

  it('streams every variant with its type, nosniff, long private caching and an ETag', async () => {
    for (const source of image.sources) {
      const res = await get(source.url, viewer.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(source.type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeGreaterThan(100);
    }
  });

  it('answers 304 when the browser already has the file', async () => {
    const first = await get(image.thumbnail, viewer.cookie);
    const again = await get(image.thumbnail, viewer.cookie, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const other = await get(image.thumbnail, viewer.cookie, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('serves visitors (no session) the photos of active members', async () => {
    const res = await get(image.thumbnail);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['an unknown photo', () => `/api/media/${randomUUID()}/160.webp`],
    ['an id that is no UUID', () => `/api/media/not-a-uuid/160.webp`],
    ['a width that is not a variant', () => `/api/media/${image._id}/2000.webp`],
    ['a format that is not served', () => `/api/media/${image._id}/160.jpg`],
    ['a path out of the folder', () => `/api/media/${image._id}/..%2F..%2F..%2Fetc%2Fpasswd`],
    ['a storage-like name', () => `/api/media/${image._id}/photos%2F160.webp`],
  ])('answers 404 for %s', async (_name, url) => {
    const res = await get(url(), viewer.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('not_found');
  });

  describe('blocks hide media both ways (Z3)', () => {
    let blocker: Member;
    let blockedOne: Member;
    let blockerImage: Image;
    beforeAll(async () => {
      blocker = await createMember(t);
      blockedOne = await createMember(t);
      const res = await postPhoto(t, blocker.cookie, await samples.small());
      blockerImage = res.json<Image>();
      await t.db.insert(blocks).values({ blockerId: blocker.user.id, blockedId: blockedOne.user.id });
    });

    it('the blocked member cannot fetch the blocker’s photos', async () => {
      const res = await get(blockerImage.thumbnail, blockedOne.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBeUndefined();
    });

    it('the blocker cannot fetch the blocked member’s photos either', async () => {
      const res = await postPhoto(t, blockedOne.cookie, await samples.small());
      const blockedImage = res.json<Image>();
      expect((await get(blockedImage.thumbnail, blocker.cookie)).statusCode).toBe(404);
      expect((await get(blockedImage.thumbnail, viewer.cookie)).statusCode).toBe(200);
    });

    it('everyone else still can', async () => {
      expect((await get(blockerImage.thumbnail, viewer.cookie)).statusCode).toBe(200);
      expect((await get(blockerImage.thumbnail, blocker.cookie)).statusCode).toBe(200);
    });
  });

  it.each(['deactivated', 'pending'] as const)('hides the photos of a %s member', async (status) => {
    const member = await createMember(t);
    const uploaded = (await postPhoto(t, member.cookie, await samples.small())).json<Image>();
    expect((await get(uploaded.thumbnail, viewer.cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ status }).where(eq(users.id, member.user.id));
    expect((await get(uploaded.thumbnail, viewer.cookie)).statusCode).toBe(404);
    expect((await get(uploaded.thumbnail)).statusCode).toBe(404);
  });
});
