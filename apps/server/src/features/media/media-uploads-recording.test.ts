// @slow-tier transcodes recordings with ffmpeg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAVEFORM_BARS, type MediaItem } from '@motema/shared/posts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, waitFor, type Member } from '../../test/factories.ts';
import { postMediaUpload } from '../../test/media-item-factories.ts';
import { mp4Boxes, phoneClip } from '../../test/transcode-fixtures.ts';
import { UPLOAD_HEAD_BYTES } from './upload-type.ts';

/**
 * A podcast recorded on a phone: AAC in MP4 with its `moov` after the sound, past the head the
 * upload reads first. Taken for a video from its head, it ended `failed` (video_no_picture); its
 * `moov`, kept as the bytes streamed by, makes it the audio it is.
 */
describe('an audio-only MP4 whose moov comes last', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createMember(t);
  });
  afterAll(() => t.close());

  it('is uploaded as an audio and encoded as a podcast', async () => {
    const recording = await phoneClip({ video: false, seconds: 40, format: 'mp4' });
    const moov = mp4Boxes(recording).find((entry) => entry.path === 'moov');
    expect(moov?.start).toBeGreaterThan(UPLOAD_HEAD_BYTES);

    const res = await postMediaUpload(t, member.cookie, recording, { use: 'post', filename: 'talk.m4a' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<MediaItem>()).toMatchObject({ kind: 'audio', status: 'processing' });
    const { _id: id } = res.json<MediaItem>();
    const item = await waitFor(
      async () => {
        const got = await t.app.inject({
          method: 'GET',
          url: `/api/media/uploads/${id}`,
          headers: { cookie: member.cookie },
        });
        const body = got.json<MediaItem>();
        return body.status === 'processing' ? undefined : body;
      },
      'the recording encoded',
      60_000,
    );
    expect(item).toMatchObject({ kind: 'audio', status: 'ready', error: null });
    expect(item.waveform).toHaveLength(WAVEFORM_BARS);
    expect(item.durationMs).toBeGreaterThan(39_000);
  }, 120_000);
});
