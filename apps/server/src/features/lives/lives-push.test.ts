import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { buildMatch } from '../../test/discovery-factories.ts';
import { createLiveMember, startLiveAs } from '../../test/live-factories.ts';
import {
  closePushTestApp,
  nextPayload,
  pushJobsDone,
  startPushTestApp,
  subscribeDevice,
  type PushService,
} from '../../test/push-service.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { markOnAir } from './lives.service.ts';
import { livesOf } from './lives-runtime.ts';

// A live going on air pushes its broadcaster's matches (lives-notifications.service.ts), through the
// real trigger, queue and worker, read decrypted at the local push service.

let service: PushService;
let t: TestApp;
beforeAll(async () => ({ service, t } = await startPushTestApp()));
afterAll(() => closePushTestApp(t, service));

const withDevice = async (member: Member) => ({
  member,
  device: await subscribeDevice(t, service, member.cookie),
});
const jobsOf = async (member: Member) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'push-send'
        AND data->>'userId' = ${member.user.id} AND data->>'kind' = 'live'`,
    )
  ).rows[0]!.n;

describe('a live’s push to matches', () => {
  it('tells each match once it is on air, as they chose, never across a block nor to a stranger', async () => {
    const host = await createLiveMember(t, { firstName: 'Rachel' });
    const fan = await withDevice(await createMember(t));
    const french = await withDevice(await createMember(t, { language: 'fr' }));
    const declined = await withDevice(await createMember(t));
    const discreet = await withDevice(await createMember(t));
    const blocked = await withDevice(await createMember(t));
    const stranger = await withDevice(await createMember(t));
    for (const { member } of [fan, french, declined, discreet, blocked])
      await buildMatch(t, { members: [host, member] });
    await buildBlock(t, { blocker: host, blocked: blocked.member });
    const choose = (member: Member, body: object) =>
      asMember(t, member.cookie)('PUT', '/api/notifications/settings', body);
    expect((await choose(declined.member, { push: ['message'] })).statusCode).toBe(200);
    expect((await choose(discreet.member, { discreet: true })).statusCode).toBe(200);

    const live = await startLiveAs(t, host, { audience: 'matches' });
    // Nothing while it is only starting: the camera's first segments make it news.
    expect(await jobsOf(fan.member)).toBe(0);
    await markOnAir(livesOf({ deps: t.app.deps } as never), live._id);

    expect(await nextPayload(service, fan.device)).toEqual({
      kind: 'live',
      title: 'Rachel is live',
      body: 'Join them now.',
      tag: `live:${live._id}`,
      url: `/lives/${live._id}`,
      count: 1,
      at: expect.any(Number),
    });
    expect(await nextPayload(service, french.device)).toMatchObject({ title: 'Rachel est en live' });
    const neutral = await nextPayload(service, discreet.device);
    expect(neutral).toMatchObject({ title: 'Motema', body: 'Someone you match is live' });
    expect(JSON.stringify(neutral)).not.toContain('Rachel');
    expect(await pushJobsDone(t, declined.member.user.id, 'live')).toBe(1);
    expect(service.received(declined.device.endpoint)).toEqual([]);
    expect(await jobsOf(blocked.member)).toBe(0);
    expect(await jobsOf(stranger.member)).toBe(0);
    // On air once: a second onAir tells nobody again.
    await markOnAir(livesOf({ deps: t.app.deps } as never), live._id);
    expect(await jobsOf(fan.member)).toBe(1);
  });
});
