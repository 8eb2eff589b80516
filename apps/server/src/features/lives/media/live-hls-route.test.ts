import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveViewers } from '../../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../../test/factories.ts';
import { buildMatch } from '../../../test/discovery-factories.ts';
import { insertLive } from '../../../test/live-media-factories.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { PLAYLIST_CACHE_CONTROL, SEGMENT_CACHE_CONTROL } from './live-hls.routes.ts';

describe('lives: GET /api/lives/:id/hls/:file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A live with a playlist and a segment stored, as its encoder leaves them. */
  async function liveOnAir(columns: { audience?: 'everyone' | 'matches'; status?: 'live' | 'ended' } = {}) {
    const broadcaster = await createMember(t);
    const live = await insertLive(t, broadcaster, {
      status: 'live',
      ...columns,
      ...(columns.status === 'ended' && { endReason: 'broadcaster' as const, endedAt: new Date() }),
    });
    await t.storage.put(`lives/${live.id}/360p.m3u8`, Buffer.from('#EXTM3U\n360p-00000.m4s\n'), 'text/plain');
    await t.storage.put(`lives/${live.id}/360p-00000.m4s`, Buffer.from('segment'), 'video/iso.segment');
    return { broadcaster, live };
  }
  const get = (member: Member, liveId: string, file: string) =>
    asMember(t, member.cookie)('GET', `/api/lives/${liveId}/hls/${file}`);

  it('serves the playlist uncached and the segment briefly cached, privately, to the broadcaster and a viewer', async () => {
    const { broadcaster, live } = await liveOnAir();
    for (const member of [broadcaster, await createMember(t)]) {
      const playlist = await get(member, live.id, '360p.m3u8');
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers).toMatchObject({
        'content-type': 'application/vnd.apple.mpegurl',
        'cache-control': PLAYLIST_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      });
      expect(playlist.body).toBe('#EXTM3U\n360p-00000.m4s\n');
      const segment = await get(member, live.id, '360p-00000.m4s');
      expect(segment.statusCode).toBe(200);
      expect(segment.headers).toMatchObject({
        'content-type': 'video/iso.segment',
        'cache-control': SEGMENT_CACHE_CONTROL,
      });
      expect(segment.body).toBe('segment');
    }
  });

  it('serves a matches-only live to a match, and answers anyone else 404 live_not_found', async () => {
    const { broadcaster, live } = await liveOnAir({ audience: 'matches' });
    const match = await createMember(t);
    await buildMatch(t, { members: [broadcaster, match] });
    expect((await get(match, live.id, '360p.m3u8')).statusCode).toBe(200);
    const stranger = await get(await createMember(t), live.id, '360p.m3u8');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'live_not_found' });
  });

  it('answers 404 across a block either way, to a viewer removed from it, and once it ended', async () => {
    const { broadcaster, live } = await liveOnAir();
    const blocked = await createMember(t);
    await buildBlock(t, { blocker: broadcaster, blocked });
    const blocker = await createMember(t);
    await buildBlock(t, { blocker, blocked: broadcaster });
    const removed = await createMember(t);
    await t.db
      .insert(liveViewers)
      .values({ liveId: live.id, userId: removed.user.id, removedAt: new Date() });
    for (const member of [blocked, blocker, removed]) {
      expect((await get(member, live.id, '360p-00000.m4s')).statusCode).toBe(404);
    }
    const ended = await liveOnAir({ status: 'ended' });
    expect((await get(ended.broadcaster, ended.live.id, '360p.m3u8')).statusCode).toBe(404);
  });

  it('answers a visitor 401, and 404 to any name but the live’s own files', async () => {
    const { broadcaster, live } = await liveOnAir();
    const visitor = await t.app.inject({ method: 'GET', url: `/api/lives/${live.id}/hls/360p.m3u8` });
    expect(visitor.statusCode).toBe(401);
    // A NUL is refused before any route (400: the app's rule); a valid name not stored is 404 too.
    const names = [
      '..%2F..%2Fusers',
      '.%2E',
      'frames%2Fframe-00001.jpg',
      'upload',
      '1080p.m3u8',
      '360p-1.m4s',
      '360p-00001.m4s',
    ];
    for (const file of names) {
      const res = await get(broadcaster, live.id, file);
      expect(res.statusCode, file).toBe(404);
    }
    expect((await get(broadcaster, 'not-a-live', '360p.m3u8')).statusCode).toBe(404);
  });
});
