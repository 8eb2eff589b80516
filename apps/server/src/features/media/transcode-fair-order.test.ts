// @slow-tier transcodes with ffmpeg in turn.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '@motema/shared/posts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember } from '../../test/factories.ts';
import { postMediaUpload } from '../../test/media-item-factories.ts';
import { phoneClip, testTools } from '../../test/transcode-fixtures.ts';
import { settledItem } from '../../test/transcode-items.ts';
import { workMediaTranscoding } from './media-encoders.ts';
import { MEDIA_TRANSCODE_QUEUE } from './transcode-jobs.ts';

/**
 * One member's uploads cannot starve another's (issue 25): the worker takes the transcodes in a fair
 * order between members, not in the order they were sent.
 */
describe('the transcode queue’s order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ transcodes: 'paused' });
  });
  afterAll(() => t.close());

  it('encodes another member’s first video before the rest of one member’s many', async () => {
    const [amani, kofi] = [await createMember(t), await createMember(t)];
    const clip = await phoneClip({ width: 64, height: 64, seconds: 1, framesPerSecond: 5 });
    const upload = async (cookie: string) => {
      const res = await postMediaUpload(t, cookie, clip, { filename: 'clip.mov' });
      expect(res.statusCode, res.body).toBe(202);
      return res.json<MediaItem>()._id;
    };
    const amanis = [await upload(amani.cookie), await upload(amani.cookie), await upload(amani.cookie)];
    const kofis = await upload(kofi.cookie);

    // One worker, one job at a time, as the media worker works the queue.
    await workMediaTranscoding(t.jobs, { db: t.db, storage: t.storage, tools: testTools });
    for (const id of [...amanis, kofis]) expect((await settledItem(t, id)).status).toBe('ready');
    const started = await t.db.execute<{ itemId: string }>(
      sql`SELECT data->>'itemId' AS "itemId" FROM pgboss.job WHERE name = ${MEDIA_TRANSCODE_QUEUE}
          ORDER BY started_on`,
    );
    expect(started.rows.map((row) => row.itemId)).toEqual([amanis[0], kofis, amanis[1], amanis[2]]);
  }, 180_000);
});
