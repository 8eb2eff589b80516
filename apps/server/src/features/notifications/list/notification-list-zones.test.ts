import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZONE_REMINDER_INTERVAL_MS } from '@motema/shared/zones';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, type Member } from '../../../test/factories.ts';
import { buildPost } from '../../../test/post-factories.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { addToZone, buildZone, zoneCall } from '../../../test/zone-factories.ts';
import { countersOf } from '../counters.service.ts';
import { countersWithEntries, idsOf, listOf } from './notification-list-requests.ts';

// The zones' entries of the notification list and the bell's counts, through the real routes (their
// pushes: push/push-worker-zones.test.ts).

describe('zone notifications in the list and the badge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const as = (member: Member) => zoneCall(t, member);
  const zoneCounts = async (member: Member) => {
    const { zoneRequest, zoneAnswer, zonePost } = (await countersOf(t.db, member.user.id)).notifications;
    return { zoneRequest, zoneAnswer, zonePost };
  };
  const ask = async (member: Member, zoneId: string) =>
    expect((await as(member)('POST', `/api/zones/${zoneId}/requests`, { answers: [] })).statusCode).toBe(201);

  it('tells the admins and managers of a request, and brings it back as new when reminded', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', title: 'Kinshasa runners' });
    const manager = await addToZone(t, id, 'manager');
    const member = await addToZone(t, id, 'member');
    const applicant = await createMember(t, { firstName: 'Rachel' });
    await ask(applicant, id);

    const { notifications } = await listOf(t, admin);
    expect(notifications).toEqual([
      {
        _id: `zoneRequest:${id}:${applicant.user.id}`,
        kind: 'zoneRequest',
        user: { _id: applicant.user.id, name: 'Rachel', avatar: null },
        postId: null,
        payment: null,
        zone: { _id: id, title: 'Kinshasa runners', answer: null },
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    expect(idsOf((await listOf(t, manager)).notifications)).toEqual([
      `zoneRequest:${id}:${applicant.user.id}`,
    ]);
    expect(await zoneCounts(admin)).toEqual({ zoneRequest: 1, zoneAnswer: 0, zonePost: 0 });
    // Told to those who run the zone only.
    expect((await listOf(t, member)).notifications).toEqual([]);
    expect((await listOf(t, applicant)).notifications).toEqual([]);
    expect(await zoneCounts(member)).toEqual({ zoneRequest: 0, zoneAnswer: 0, zonePost: 0 });

    // Seen; the next day the applicant reminds them: the same request comes back first, new.
    expect((await as(admin)('PUT', '/api/counters/notifications')).statusCode).toBe(200);
    expect((await countersWithEntries(t, admin)).notifications).toBe(0);
    clock.advance(ZONE_REMINDER_INTERVAL_MS);
    expect((await as(applicant)('POST', `/api/zones/${id}/requests/mine/reminder`)).statusCode).toBe(204);
    const reminded = (await listOf(t, admin)).notifications;
    expect(reminded).toEqual([
      expect.objectContaining({ _id: `zoneRequest:${id}:${applicant.user.id}`, read: false }),
    ]);
    const asked = Date.parse(notifications[0]!.createdAt);
    expect(Date.parse(reminded[0]!.createdAt)).toBeGreaterThanOrEqual(asked + ZONE_REMINDER_INTERVAL_MS);
    const counters = await countersWithEntries(t, admin);
    expect(counters.notifications).toBe(1);
    expect(counters.entries.notifications).toEqual(reminded);
  });

  it('tells the applicant the answer, approved or declined, and the request leaves the admins’ list', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', title: 'Lubumbashi chess' });
    const [approved, declined] = [await createMember(t), await createMember(t)];
    await ask(approved, id);
    await ask(declined, id);
    expect((await zoneCounts(admin)).zoneRequest).toBe(2);

    expect(
      (await as(admin)('POST', `/api/zones/${id}/requests/${approved.user.id}/approve`)).statusCode,
    ).toBe(204);
    const decline = await as(admin)('POST', `/api/zones/${id}/requests/${declined.user.id}/decline`, {
      reason: 'Members of the club only',
    });
    expect(decline.statusCode).toBe(204);

    expect((await listOf(t, approved)).notifications).toEqual([
      {
        _id: `zoneAnswer:${id}`,
        kind: 'zoneAnswer',
        user: null,
        postId: null,
        payment: null,
        zone: { _id: id, title: 'Lubumbashi chess', answer: 'approved' },
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    expect((await listOf(t, declined)).notifications).toEqual([
      expect.objectContaining({
        _id: `zoneAnswer:${id}`,
        zone: { _id: id, title: 'Lubumbashi chess', answer: 'declined' },
      }),
    ]);
    expect(await zoneCounts(approved)).toEqual({ zoneRequest: 0, zoneAnswer: 1, zonePost: 0 });
    expect(await zoneCounts(declined)).toEqual({ zoneRequest: 0, zoneAnswer: 1, zonePost: 0 });
    // Answered: nothing waits any more.
    expect((await listOf(t, admin)).notifications).toEqual([]);
    expect((await zoneCounts(admin)).zoneRequest).toBe(0);

    // Asking again takes the decline away; leaving takes the approval away.
    await ask(declined, id);
    expect((await listOf(t, declined)).notifications).toEqual([]);
    expect((await as(approved)('DELETE', `/api/zones/${id}/membership`)).statusCode).toBe(204);
    expect((await listOf(t, approved)).notifications).toEqual([]);
    expect((await zoneCounts(approved)).zoneAnswer).toBe(0);
  });

  it('tells no one of a member blocked either way', async () => {
    const { id, admin } = await buildZone(t, { access: 'private' });
    const blockedByAdmin = await createMember(t);
    const blockingAdmin = await createMember(t);
    await buildBlock(t, { blocker: admin, blocked: blockedByAdmin });
    await buildBlock(t, { blocker: blockingAdmin, blocked: admin });
    await ask(blockedByAdmin, id);
    await ask(blockingAdmin, id);
    const other = await createMember(t);
    await ask(other, id);

    expect(idsOf((await listOf(t, admin)).notifications)).toEqual([`zoneRequest:${id}:${other.user.id}`]);
    expect((await zoneCounts(admin)).zoneRequest).toBe(1);
  });

  it('tells nothing more of a zone the member no longer runs', async () => {
    const { id, admin } = await buildZone(t, { access: 'private' });
    const [removed, demoted] = [await addToZone(t, id, 'manager'), await addToZone(t, id, 'manager')];
    await ask(await createMember(t), id);
    expect((await zoneCounts(removed)).zoneRequest).toBe(1);

    expect((await as(admin)('DELETE', `/api/zones/${id}/members/${removed.user.id}`)).statusCode).toBe(204);
    const role = await as(admin)('PUT', `/api/zones/${id}/members/${demoted.user.id}/role`, {
      role: 'member',
    });
    expect(role.statusCode).toBe(204);

    for (const member of [removed, demoted]) {
      expect((await listOf(t, member)).notifications).toEqual([]);
      expect((await zoneCounts(member)).zoneRequest).toBe(0);
    }
    expect((await zoneCounts(admin)).zoneRequest).toBe(1);
  });

  it('lists the zone’s posts since the member joined, but their own and a blocked author’s, until they leave', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', title: 'Goma poets' });
    await buildPost(t, { author: admin, text: 'Before you came', zoneId: id });
    clock.advance(1000);
    const member = await addToZone(t, id, 'member');
    const blocked = await addToZone(t, id, 'member');
    await buildBlock(t, { blocker: member, blocked });
    clock.advance(1000);
    const post = await buildPost(t, { author: admin, text: 'Tonight at eight', zoneId: id });
    await buildPost(t, { author: member, text: 'Mine', zoneId: id });
    await buildPost(t, { author: blocked, text: 'Hidden', zoneId: id });
    await buildPost(t, { author: admin, text: 'Outside the zone' });

    expect((await listOf(t, member)).notifications).toEqual([
      {
        _id: `zonePost:${id}:${post.id}`,
        kind: 'zonePost',
        user: { _id: admin.user.id, name: admin.user.firstName, avatar: null },
        postId: post.id,
        payment: null,
        zone: { _id: id, title: 'Goma poets', answer: null },
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    expect(await zoneCounts(member)).toEqual({ zoneRequest: 0, zoneAnswer: 0, zonePost: 1 });

    expect((await as(member)('DELETE', `/api/zones/${id}/membership`)).statusCode).toBe(204);
    expect((await listOf(t, member)).notifications).toEqual([]);
    expect((await zoneCounts(member)).zonePost).toBe(0);
  });
});
