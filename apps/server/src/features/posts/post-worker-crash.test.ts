// @slow-tier crashes the media worker in the middle of a post's transcode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FromWorker } from '../../media-worker/worker-messages.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember } from '../../test/factories.ts';
import { postMediaUpload } from '../../test/media-item-factories.ts';
import { postRow } from '../../test/post-factories.ts';
import { collect, settle, socketClients, atLeast } from '../../test/socket-test-bed.ts';
import { phoneClip } from '../../test/transcode-fixtures.ts';
import { endedTranscode, processedJobs, transcodeJobs } from '../../test/transcode-items.ts';

/**
 * A post whose video the real media worker process encodes (media-worker/), killed as the encode
 * starts: the supervisor restarts it, the job is retried once, the item is written once and the post
 * becomes ready once, its author told once.
 */
describe('a post’s video through the media worker process', () => {
  let t: TestApp;
  let url: string;
  const clients = socketClients();
  beforeAll(async () => {
    t = await buildTestApp({ mediaWorker: 'process' });
    url = await t.listen();
  }, 60_000);
  afterAll(() => t.close());

  it('survives a worker killed mid-encode: retried once, to one ready post, one posts:ready', async () => {
    const author = await createProfile(t);
    const socket = await clients.open(url, author.cookie);
    const ready = collect(socket, 'posts:ready');
    const firstPid = await t.mediaWorker!.ready();
    let killed = false;
    t.mediaWorker!.onMessage((message: FromWorker) => {
      // SIGKILL as the transcode starts: nothing of it is finished or written.
      if (message.type === 'started' && message.queue === 'media-transcode' && !killed) {
        killed = true;
        process.kill(firstPid, 'SIGKILL');
      }
    });

    const upload = await postMediaUpload(t, author.cookie, await phoneClip({ seconds: 2 }), {
      filename: 'clip.mov',
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const itemId: string = upload.json()._id;
    const created = await asMember(t, author.cookie)('POST', '/api/posts', {
      text: 'Dancing',
      media: [itemId],
      visibility: 'public',
    });
    expect(created.json()).toMatchObject({ status: 'processing', kind: 'video' });

    await atLeast(ready, 1, 90_000);
    expect(killed).toBe(true);
    expect(await t.mediaWorker!.ready()).not.toBe(firstPid);
    expect(await endedTranscode(t, itemId)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await transcodeJobs(t, itemId)).toHaveLength(1);
    expect(await processedJobs(t, itemId)).toEqual([{ itemId, ownerId: author.user.id, status: 'ready' }]);
    await settle(1000);
    expect(ready).toEqual([{ post: { _id: created.json()._id }, status: 'ready' }]);
    expect((await postRow(t.db, created.json()._id))?.status).toBe('ready');
    const post = (await asMember(t, author.cookie)('GET', `/api/posts/${created.json()._id}`)).json();
    expect(post.media[0]).toMatchObject({ status: 'ready', kind: 'video' });
    for (const source of post.media[0].sources) {
      expect((await asMember(t, author.cookie)('GET', source.url)).statusCode, source.url).toBe(200);
    }
  }, 120_000);
});
