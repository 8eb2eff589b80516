// @slow-tier probes generated clips with ffprobe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MAX_SECONDS, type MediaItem } from '@motema/shared/posts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, waitFor, type Member } from '../../test/factories.ts';
import { storedFiles } from '../../test/media-factories.ts';
import { postMediaUpload } from '../../test/media-item-factories.ts';
import { hugeFrameClip, phoneClip } from '../../test/transcode-fixtures.ts';

/**
 * Refusals only the media worker's probe finds (QUALITY U1), through the upload route: the upload
 * answers 202 `processing`, then the item ends `failed` with the refusal's code, and none of its
 * files is left; the owner sees the code at GET /api/media/uploads/{id}.
 */
describe('uploads the media worker refuses', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createMember(t);
  });
  afterAll(() => t.close());

  async function uploadAndSettle(bytes: Buffer, use: 'post' | 'story', filename: string) {
    const res = await postMediaUpload(t, member.cookie, bytes, { use, filename });
    expect(res.statusCode, res.body).toBe(202);
    const { _id: id } = res.json<MediaItem>();
    return waitFor(
      async () => {
        const item = await t.app.inject({
          method: 'GET',
          url: `/api/media/uploads/${id}`,
          headers: { cookie: member.cookie },
        });
        const body = item.json<MediaItem>();
        return body.status === 'processing' ? undefined : body;
      },
      'the item settled',
      60_000,
    );
  }

  it.each([
    [
      'a story’s video over its 30 seconds',
      () => phoneClip({ width: 64, height: 64, seconds: VIDEO_MAX_SECONDS.story + 3, framesPerSecond: 5 }),
      'story' as const,
      'video_too_long',
    ],
    [
      'a video with a 16000x16000 frame',
      () => hugeFrameClip(16000, 16000),
      'post' as const,
      'video_too_many_pixels',
    ],
    [
      'a video with no picture',
      () => phoneClip({ video: false, seconds: 1 }),
      'post' as const,
      'video_no_picture',
    ],
  ])(
    '%s: failed with its code, no file left',
    async (_name, make, use, code) => {
      const before = (await storedFiles(t)).filter((file) => file.startsWith(`media/${member.user.id}/`));
      const item = await uploadAndSettle(await make(), use, 'clip.mov');
      expect(item).toMatchObject({ status: 'failed', error: code, sources: [], image: null });
      await waitFor(async () => {
        const now = (await storedFiles(t)).filter((file) => file.startsWith(`media/${member.user.id}/`));
        return now.length === before.length ? true : undefined;
      }, 'the refused upload’s files removed');
    },
    120_000,
  );
});
