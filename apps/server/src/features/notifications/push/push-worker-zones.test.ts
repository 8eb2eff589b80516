import { sql } from 'drizzle-orm';
import { PUSH_MAX_PER_HOUR } from '@motema/shared/notifications';
import { ZONE_REMINDER_INTERVAL_MS } from '@motema/shared/zones';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../../lib/clock.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../../test/factories.ts';
import { buildPost } from '../../../test/post-factories.ts';
import {
  closePushTestApp,
  nextPayload,
  pushJobsDone,
  startPushTestApp,
  subscribeDevice,
  type PushService,
  type SimSubscription,
} from '../../../test/push-service.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { addToZone, buildZone, zoneCall } from '../../../test/zone-factories.ts';
import { handlePushJob } from './push-worker.service.ts';

// Pushes of the zones' events (zones-notifications.service.ts), through the real triggers, queue and
// worker, read decrypted at the local push service (their list entries: list/notification-list-zones.test.ts).

let service: PushService;
let t: TestApp;
beforeAll(async () => ({ service, t } = await startPushTestApp()));
afterAll(() => closePushTestApp(t, service));
afterEach(() => clock.reset());

const payloadOf = (device: SimSubscription) => nextPayload(service, device);
const as = (member: Member) => zoneCall(t, member);
/** A member with a device registered for push. */
const withDevice = async (member: Member) => ({
  member,
  device: await subscribeDevice(t, service, member.cookie),
});
/** How many push jobs of a kind the member got (the events' subscribers ran before the answer). */
const jobsOf = async (member: Member, kind: string) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'push-send'
        AND data->>'userId' = ${member.user.id} AND data->>'kind' = ${kind}`,
    )
  ).rows[0]!.n;

describe('zone request pushes', () => {
  it('tell the admins and managers who asks to join, again when reminded (once a day), and open the waiting list', async () => {
    const admin = await withDevice(await createMember(t));
    const { id } = await buildZone(t, { admin: admin.member, access: 'private', title: 'Kinshasa runners' });
    const manager = await withDevice(
      await addToZone(t, id, 'manager', await createMember(t, { language: 'fr' })),
    );
    const member = await withDevice(await addToZone(t, id, 'member'));
    const applicant = await createMember(t, { firstName: 'Rachel' });

    expect((await as(applicant)('POST', `/api/zones/${id}/requests`, { answers: [] })).statusCode).toBe(201);
    expect(await payloadOf(admin.device)).toEqual({
      kind: 'zoneRequest',
      title: 'Rachel asks to join Kinshasa runners',
      body: 'Accept or decline the request.',
      tag: `zoneRequest:${id}`,
      url: `/zone/${id}/members`,
      count: 1,
      at: expect.any(Number),
    });
    expect(await payloadOf(manager.device)).toMatchObject({
      title: 'Rachel demande à rejoindre Kinshasa runners',
      body: 'Acceptez ou refusez la demande.',
    });
    // Only those who run the zone (Z1).
    expect(await jobsOf(member.member, 'zoneRequest')).toBe(0);

    clock.advance(ZONE_REMINDER_INTERVAL_MS);
    const remind = () => as(applicant)('POST', `/api/zones/${id}/requests/mine/reminder`);
    expect((await remind()).statusCode).toBe(204);
    expect(await payloadOf(admin.device)).toMatchObject({
      title: 'Rachel is still waiting to join Kinshasa runners',
      tag: `zoneRequest:${id}`,
      url: `/zone/${id}/members`,
    });
    // A second reminder the same day is refused, and tells no one.
    expect((await remind()).statusCode).toBe(429);
    expect(await pushJobsDone(t, admin.member.user.id, 'zoneRequest', 2)).toBe(2);
    expect(service.received(admin.device.endpoint)).toHaveLength(2);
  });

  it('tell nothing of a member blocked either way, nor to one who no longer runs the zone', async () => {
    const admin = await withDevice(await createMember(t));
    const { id } = await buildZone(t, { admin: admin.member, access: 'private' });
    const blocked = await createMember(t);
    await buildBlock(t, { blocker: admin.member, blocked });
    expect((await as(blocked)('POST', `/api/zones/${id}/requests`, { answers: [] })).statusCode).toBe(201);
    expect(await pushJobsDone(t, admin.member.user.id, 'zoneRequest')).toBe(1);
    expect(service.received(admin.device.endpoint)).toEqual([]);

    // Read again when the job runs: a manager made a member meanwhile is told nothing.
    const applicant = await addToZone(t, id, 'waiting');
    const former = await withDevice(await addToZone(t, id, 'member'));
    const job = {
      userId: former.member.user.id,
      kind: 'zoneRequest' as const,
      ref: id,
      by: applicant.user.id,
    };
    expect(await handlePushJob(t.app.deps, job)).toEqual({ outcome: 'stale' });
    const blocking = await addToZone(t, id, 'waiting');
    await buildBlock(t, { blocker: blocking, blocked: admin.member });
    const toAdmin = {
      userId: admin.member.user.id,
      kind: 'zoneRequest' as const,
      ref: id,
      by: blocking.user.id,
    };
    expect(await handlePushJob(t.app.deps, toAdmin)).toEqual({ outcome: 'stale' });
  });
});

describe('zone answer pushes', () => {
  it('tell the applicant their request was approved, and open the zone', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', title: 'Kinshasa runners' });
    const applicant = await withDevice(await addToZone(t, id, 'waiting'));
    const approve = await as(admin)('POST', `/api/zones/${id}/requests/${applicant.member.user.id}/approve`);
    expect(approve.statusCode).toBe(204);
    expect(await payloadOf(applicant.device)).toEqual({
      kind: 'zoneAnswer',
      title: 'Welcome to Kinshasa runners!',
      body: 'Your request to join was accepted.',
      tag: `zoneAnswer:${id}`,
      url: `/zone/${id}`,
      count: 1,
      at: expect.any(Number),
    });

    // Left before the push ran: nothing to tell.
    expect((await as(applicant.member)('DELETE', `/api/zones/${id}/membership`)).statusCode).toBe(204);
    const job = { userId: applicant.member.user.id, kind: 'zoneAnswer' as const, ref: id };
    expect(await handlePushJob(t.app.deps, job)).toEqual({ outcome: 'stale' });
  });

  it('tell a decline with its reason (in French), or without one', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', title: 'Kinshasa runners' });
    const french = await withDevice(
      await addToZone(t, id, 'waiting', await createMember(t, { language: 'fr' })),
    );
    const english = await withDevice(await addToZone(t, id, 'waiting'));
    const decline = (member: Member, reason: string) =>
      as(admin)('POST', `/api/zones/${id}/requests/${member.user.id}/decline`, { reason });

    expect((await decline(french.member, 'Réservé aux membres du club')).statusCode).toBe(204);
    expect(await payloadOf(french.device)).toMatchObject({
      kind: 'zoneAnswer',
      title: 'Votre demande pour rejoindre Kinshasa runners a été refusée',
      body: 'Motif\u00a0: Réservé aux membres du club',
      url: `/zone/${id}`,
    });
    expect((await decline(english.member, '')).statusCode).toBe(204);
    expect(await payloadOf(english.device)).toMatchObject({
      title: 'Your request to join Kinshasa runners was declined',
      body: 'The zone’s admins did not accept it.',
    });
  });

  it('tell each waiting applicant they are in when the zone is made public', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', title: 'Kinshasa runners' });
    const applicant = await withDevice(await addToZone(t, id, 'waiting'));
    expect((await as(admin)('PATCH', `/api/zones/${id}`, { access: 'public' })).statusCode).toBe(200);
    expect(await payloadOf(applicant.device)).toMatchObject({
      kind: 'zoneAnswer',
      title: 'Welcome to Kinshasa runners!',
    });
  });
});

describe('zone post pushes', () => {
  /** A zone with its admin as the author of a post, and what publishing it tells (another branch's event). */
  async function zoneWithPost(title = 'Kinshasa runners') {
    const author = await createMember(t, { firstName: 'Kiese' });
    const { id } = await buildZone(t, { admin: author, title });
    const post = async (text: string) => {
      const row = await buildPost(t, { author, text, zoneId: id });
      await t.app.deps.events.emit('zone.posted', { zoneId: id, postId: row.id, authorId: author.user.id });
      return row;
    };
    return { id, author, post };
  }

  it('tell the zone’s members but the author, one lock-screen entry a zone, and open the post', async () => {
    const { id, author, post } = await zoneWithPost();
    const reader = await withDevice(await addToZone(t, id, 'member'));
    const authorDevice = await subscribeDevice(t, service, author.cookie);
    const outsider = await withDevice(await createMember(t));

    const first = await post('Run at dawn on Sunday');
    expect(await payloadOf(reader.device)).toEqual({
      kind: 'zonePost',
      title: 'Kiese posted in Kinshasa runners',
      body: 'Run at dawn on Sunday',
      tag: `zonePost:${id}`,
      url: `/post/${first.id}`,
      count: 1,
      at: expect.any(Number),
    });
    const second = await post('');
    expect(await payloadOf(reader.device)).toMatchObject({
      body: 'See the new post.',
      tag: `zonePost:${id}`,
      url: `/post/${second.id}`,
    });
    expect(await jobsOf(author, 'zonePost')).toBe(0);
    expect(await jobsOf(outsider.member, 'zonePost')).toBe(0);
    expect(service.received(authorDevice.endpoint)).toEqual([]);
  });

  it('count against the hourly limit, and respect the member’s choice', async () => {
    const { id, post } = await zoneWithPost();
    const limited = await withDevice(await addToZone(t, id, 'member'));
    const declined = await withDevice(await addToZone(t, id, 'member'));
    // The hour's pushes already at the limit (recorded as the worker records them).
    for (let i = 0; i < PUSH_MAX_PER_HOUR; i++) {
      await t.db.execute(
        sql`INSERT INTO push_deliveries (user_id, kind, tag) VALUES (${limited.member.user.id}, 'visit', ${`visit:${i}`})`,
      );
    }
    const choice = await asMember(t, declined.member.cookie)('PUT', '/api/notifications/settings', {
      push: ['message'],
    });
    expect(choice.statusCode).toBe(200);

    await post('Run at dawn on Sunday');
    expect(await pushJobsDone(t, limited.member.user.id, 'zonePost')).toBe(1);
    expect(await pushJobsDone(t, declined.member.user.id, 'zonePost')).toBe(1);
    expect(service.received(limited.device.endpoint)).toEqual([]);
    expect(service.received(declined.device.endpoint)).toEqual([]);
  });

  it('tell nothing to a member blocked with the author, nor of a zone left or a post gone', async () => {
    const { id, author, post } = await zoneWithPost();
    const blocked = await withDevice(await addToZone(t, id, 'member'));
    await buildBlock(t, { blocker: author, blocked: blocked.member });
    const written = await post('Run at dawn on Sunday');
    expect(await pushJobsDone(t, blocked.member.user.id, 'zonePost')).toBe(1);
    expect(service.received(blocked.device.endpoint)).toEqual([]);

    // Read again when the job runs: a member who left, a post deleted.
    const leaver = await addToZone(t, id, 'member');
    expect((await as(leaver)('DELETE', `/api/zones/${id}/membership`)).statusCode).toBe(204);
    const job = { kind: 'zonePost' as const, ref: `${id}:${written.id}`, by: author.user.id };
    expect(await handlePushJob(t.app.deps, { ...job, userId: leaver.user.id })).toEqual({ outcome: 'stale' });
    const reader = await addToZone(t, id, 'member');
    await t.db.execute(sql`DELETE FROM posts WHERE id = ${written.id}`);
    expect(await handlePushJob(t.app.deps, { ...job, userId: reader.user.id })).toEqual({ outcome: 'stale' });
  });
});
