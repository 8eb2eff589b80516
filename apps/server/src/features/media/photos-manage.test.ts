import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS_PER_MEMBER_MAX, type Image } from '@motema/shared/media';
import type { Me } from '@motema/shared/users';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, findUser, login, waitFor, type Member } from '../../test/factories.ts';
import {
  buildPhoto,
  mediaSnapshot,
  photoCount,
  postPhoto,
  samples,
  storedFiles,
} from '../../test/media-factories.ts';

describe('photos: list, delete, avatar, limit, account deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function upload(member: Member): Promise<Image> {
    const res = await postPhoto(t, member.cookie, await samples.small());
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Image>();
  }
  const filesOf = async (userId: string) =>
    (await storedFiles(t)).filter((file) => file.startsWith(`photos/${userId}/`));

  it('GET /api/photos lists the member’s own photos only, newest first', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    const first = await upload(member);
    const second = await upload(member);
    await upload(other);
    const res = await asMember(t, member.cookie)('GET', '/api/photos');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ photos: [second, first], count: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/photos' })).statusCode).toBe(401);
  });

  it('sets the avatar to an own photo: every Me answer carries it', async () => {
    const member = await createMember(t);
    const photo = await upload(member);
    const res = await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: photo._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Me>().avatar).toEqual(photo);
    expect((await findUser(t.db, member.user.id))?.avatarPhotoId).toBe(photo._id);

    const profile = await asMember(t, member.cookie)('GET', '/api/users/profile');
    expect(profile.json<Me>().avatar).toEqual(photo);
    const loggedIn = await login(t, member.user.username, member.password);
    expect(loggedIn.json<Me>().avatar).toEqual(photo);
    const language = await asMember(t, member.cookie)('PUT', '/api/users', { language: 'fr' });
    expect(language.json<Me>().avatar).toEqual(photo);

    const cleared = await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Me>().avatar).toBeNull();
    expect((await findUser(t.db, member.user.id))?.avatarPhotoId).toBeNull();
  });

  it('refuses another member’s photo (or an unknown one) as avatar with 404, changing nothing', async () => {
    const member = await createMember(t);
    const own = await upload(member);
    await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: own._id });
    const other = await createMember(t);
    const theirs = await upload(other);
    for (const photo of [theirs._id, randomUUID()]) {
      const res = await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('not_found');
    }
    const bad = await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('photo');
    expect((await findUser(t.db, member.user.id))?.avatarPhotoId).toBe(own._id);
    expect((await findUser(t.db, other.user.id))?.avatarPhotoId).toBeNull();
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/users/avatar',
      payload: { photo: own._id },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('another member cannot delete your photo: 404 and nothing changes', async () => {
    const owner = await createMember(t);
    const photo = await upload(owner);
    const intruder = await createMember(t);
    const before = await mediaSnapshot(t);
    for (const id of [photo._id, randomUUID(), 'not-a-uuid']) {
      const res = await asMember(t, intruder.cookie)('DELETE', `/api/photos/${id}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/photos/${photo._id}` })).statusCode).toBe(401);
    expect(await mediaSnapshot(t)).toEqual(before);
  });

  it('deleting your photo removes its row and files, and the avatar when it was', async () => {
    const member = await createMember(t);
    const kept = await upload(member);
    const photo = await upload(member);
    await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: photo._id });
    const files = await filesOf(member.user.id);
    expect(files).toHaveLength(4); // two photos, one width each (64 px), WebP and AVIF

    const res = await asMember(t, member.cookie)('DELETE', `/api/photos/${photo._id}`);
    expect(res.statusCode).toBe(204);
    expect((await findUser(t.db, member.user.id))?.avatarPhotoId).toBeNull();
    expect((await asMember(t, member.cookie)('GET', '/api/users/profile')).json<Me>().avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: photo.thumbnail })).statusCode).toBe(404);
    await waitFor(
      async () => ((await filesOf(member.user.id)).length === 2 ? true : undefined),
      'files removed',
    );
    expect((await t.app.inject({ method: 'GET', url: kept.thumbnail })).statusCode).toBe(200);
    expect((await asMember(t, member.cookie)('GET', '/api/photos')).json()).toEqual({
      photos: [kept],
      count: 1,
    });
  });

  it(`refuses a photo beyond ${PHOTOS_PER_MEMBER_MAX} with 409 photos_limit_reached, storing nothing`, async () => {
    const member = await createMember(t);
    for (let i = 0; i < PHOTOS_PER_MEMBER_MAX - 1; i += 1) await buildPhoto(t, { owner: member });
    await upload(member); // the last one allowed
    expect(await photoCount(t.db, member.user.id)).toBe(PHOTOS_PER_MEMBER_MAX);
    const before = await mediaSnapshot(t);
    const res = await postPhoto(t, member.cookie, await samples.small());
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('photos_limit_reached');
    expect(await mediaSnapshot(t)).toEqual(before);
  });

  it('counts concurrent uploads under a lock: never more than the limit', async () => {
    const member = await createMember(t);
    for (let i = 0; i < PHOTOS_PER_MEMBER_MAX - 2; i += 1) await buildPhoto(t, { owner: member });
    const bytes = await samples.small();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postPhoto(t, member.cookie, bytes)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(3);
    expect(await photoCount(t.db, member.user.id)).toBe(PHOTOS_PER_MEMBER_MAX);
    // The refused uploads' files are gone again: two photos, two files each.
    await waitFor(async () => ((await filesOf(member.user.id)).length === 4 ? true : undefined), 'cleanup');
  });

  it('deleting the account removes the member’s rows and files (Z6), not anyone else’s', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    const photo = await upload(member);
    await upload(member);
    await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: photo._id });
    await upload(other);
    const othersFiles = await filesOf(other.user.id);
    expect(await filesOf(member.user.id)).toHaveLength(4);

    const res = await asMember(t, member.cookie)('DELETE', '/api/users', { password: member.password });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
    expect(await photoCount(t.db, member.user.id)).toBe(0);
    await waitFor(
      async () => ((await filesOf(member.user.id)).length === 0 ? true : undefined),
      'files removed',
    );
    expect(await filesOf(other.user.id)).toEqual(othersFiles);
  });
});
