import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildConversation } from '../../test/chat-factories.ts';
import { phoneJpeg } from '../../test/media-factories.ts';
import { streamUpload, waitUntilStored } from '../../test/stream-upload.ts';
import { encodePhotoUpload } from './media-encoding.service.ts';

/** A folder as the photo routes make them (the encode job refuses any other). */
const freshFolder = () => `photos/${randomUUID()}/${randomBytes(16).toString('base64url')}/`;

/** Bytes as an upload's chunks arrive. */
async function* chunksOf(...parts: Buffer[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield part;
}

/**
 * Decision 0068: a photo upload's bytes go to storage as they arrive, for every route that keeps a
 * photo, so that the server never holds a whole photo while it is sent and encoded (the buffers V8
 * counts as external memory, whose growth started old-generation collections in chat's B7 phase).
 */
describe('a photo upload is streamed to storage, never held whole in memory', () => {
  let t: TestApp;
  let baseUrl: string;
  let photo: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await t.listen();
    photo = await phoneJpeg();
  });
  afterAll(() => t.close());

  it.each([
    ['a profile photo', 'photos'],
    ['a post’s photo', 'post'],
    ['a photo sent in chat', 'chat'],
  ] as const)(
    'stores %s’s first bytes before the request ends, then answers 201',
    async (_, route) => {
      const chat = await buildConversation(t);
      const [member] = chat.members;
      const routes: Record<typeof route, { path: string; fields: [string, string][]; folder: string }> = {
        photos: { path: '/api/photos', fields: [], folder: `photos/${member.user.id}` },
        post: { path: '/api/media/uploads', fields: [['use', 'post']], folder: `media/${member.user.id}` },
        chat: {
          path: `/api/conversations/${chat.id}/files`,
          fields: [['kind', 'photo']],
          folder: `chat/${chat.id}/${member.user.id}`,
        },
      };
      const { path, fields, folder } = routes[route];
      const pauseAt = Math.floor((photo.length * 2) / 3);
      const upload = streamUpload(`${baseUrl}${path}`, member.cookie, {
        fields,
        file: { field: 'file', name: 'IMG_0001.JPG', contentType: 'image/jpeg', body: photo },
        pauseAt,
      });
      // Two thirds of the photo sent, the rest held back: half of it is on disk already.
      await waitUntilStored(t, upload, { folder, bytes: pauseAt / 2 });
      upload.resume();
      const res = await upload.answer;
      expect(res.status, res.body).toBe(201);
      expect(res.body).toMatch(/webp/);
    },
    60_000,
  );

  it.each([
    ['on this machine’s disk', false],
    ['in a bucket (read back to be checked)', true],
  ])(
    'checks a photo stored %s before its encode, and refuses bytes that are no photo',
    async (_, bucket) => {
      const storage = bucket ? { ...t.storage, localPath: undefined } : t.storage;
      const deps = { jobs: t.jobs, storage };
      const scheduleRemoval = () => Promise.resolve();
      const stored = await encodePhotoUpload(deps, {
        chunks: chunksOf(photo.subarray(0, 100_000), photo.subarray(100_000)),
        folder: freshFolder(),
        scheduleRemoval,
      });
      expect(stored).toMatchObject({ mime: 'image/jpeg', bytes: photo.length });
      expect(stored.photo.variants.map((variant) => variant.type)).toContain('image/webp');
      await expect(
        encodePhotoUpload(deps, {
          chunks: chunksOf(Buffer.from('no photo at all, only words')),
          folder: freshFolder(),
          scheduleRemoval,
        }),
      ).rejects.toMatchObject({ statusCode: 400, code: 'photo_type_unsupported' });
    },
    60_000,
  );
});
