// @slow-tier runs a live's ffmpeg, then the kept recording's transcode.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lives } from '../../../db/schema.ts';
import { liveKeptSweep } from './live-kept-sweep.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../../test/factories.ts';
import { chunksOf, insertLive, liveFiles, liveRow, recording } from '../../../test/live-media-factories.ts';
import { eventually } from '../../../test/socket-test-bed.ts';
import { postRow } from '../../../test/post-factories.ts';
import { liveMediaOf } from './live-media-node.ts';

const HOUR = 3_600_000;

describe('lives: keeping a live as a post (POST /api/lives/:id/keep)', () => {
  let t: TestApp;
  let video: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    video = await recording({ seconds: 3 });
  });
  afterAll(() => t.close());

  /** A live its broadcaster broadcast and ended (kept for now, as the service closes it). */
  async function endedLive(columns: { endReason?: 'broadcaster' | 'moderator'; endedAt?: Date } = {}) {
    const broadcaster = await createMember(t);
    const live = await insertLive(t, broadcaster);
    const media = liveMediaOf(t.app);
    await media.open(live.id, { audioOnly: false });
    for (const [seq, chunk] of chunksOf(video).entries()) await media.push(live.id, seq, chunk);
    await eventually(async () => expect((await liveRow(t.db, live.id)).status).toBe('live'), 60_000);
    await media.close(live.id, { keep: true });
    await t.db
      .update(lives)
      .set({
        status: 'ended',
        endReason: columns.endReason ?? 'broadcaster',
        endedAt: columns.endedAt ?? new Date(),
      })
      .where(eq(lives.id, live.id));
    return { broadcaster, liveId: live.id };
  }
  const keep = (member: Member, liveId: string, body: object = { visibility: 'public', text: 'Ce soir' }) =>
    asMember(t, member.cookie)('POST', `/api/lives/${liveId}/keep`, body);

  it('makes the kept 360p recording a video post through the media pipeline, then removes the live’s files', async () => {
    const { broadcaster, liveId } = await endedLive();
    const res = await keep(broadcaster, liveId);
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({ text: 'Ce soir', visibility: 'public' });
    expect((await liveRow(t.db, liveId)).keptPostId).toBe(post._id);
    expect(await liveFiles(t, liveId)).toEqual([]);
    // The upload is encoded as any video post's (in this process's worker): the post becomes ready.
    await eventually(async () => expect((await postRow(t.db, post._id))?.status).toBe('ready'), 60_000);
    expect((await postRow(t.db, post._id))?.kind).toBe('video');
    // Once kept, never again.
    expect((await keep(broadcaster, liveId)).json()).toMatchObject({ code: 'live_not_keepable' });
  });

  it('refuses anyone but the broadcaster 404, a live a moderator cut or one past LIVE_KEEP_HOURS 409, and keeps nothing', async () => {
    const { broadcaster, liveId } = await endedLive();
    expect((await keep(await createMember(t), liveId)).statusCode).toBe(404);
    const cut = await endedLive({ endReason: 'moderator' });
    expect((await keep(cut.broadcaster, cut.liveId)).statusCode).toBe(409);
    const late = await endedLive({ endedAt: new Date(Date.now() - 25 * HOUR) });
    expect((await keep(late.broadcaster, late.liveId)).statusCode).toBe(409);
    expect((await keep(broadcaster, liveId, { visibility: 'nobody' })).statusCode).toBe(400);
    for (const id of [liveId, cut.liveId, late.liveId])
      expect((await liveRow(t.db, id)).keptPostId).toBeNull();
    expect(await liveFiles(t, liveId)).toContain('360p-00000.m4s');
  });

  it('removes the files of a live not kept within LIVE_KEEP_HOURS (the sweep), and of no other', async () => {
    const late = await endedLive({ endedAt: new Date(Date.now() - 25 * HOUR) });
    const recent = await endedLive();
    await liveKeptSweep.run(t.app as never);
    expect(await liveFiles(t, late.liveId)).toEqual([]);
    expect(await liveFiles(t, recent.liveId)).toContain('360p-00000.m4s');
  });
});
