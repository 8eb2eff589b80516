import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZONE_REMINDER_INTERVAL_MS } from '@motema/shared/zones';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { addToZone, banFromZone, buildZone, roleIn, zoneCall, zoneState } from '../../test/zone-factories.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('zones: requests, invites and the last admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const as = (member: Member | null) => zoneCall(t, member);
  const ids = (res: { json: () => { members: { _id: string }[] } }) => res.json().members.map((m) => m._id);

  it('a private zone takes requests with one answer a question; its admins read them, then approve', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', questions: ['Where do you run?'] });
    const applicant = await createMember(t);
    const before = await zoneState(t.db, id);
    const join = await as(applicant)('POST', `/api/zones/${id}/join`);
    expect([join.statusCode, join.json().code]).toEqual([409, 'zone_request_needed']);
    const noAnswer = await as(applicant)('POST', `/api/zones/${id}/requests`, { answers: [] });
    expect(noAnswer.json().issues).toEqual([expect.objectContaining({ path: 'answers', code: 'required' })]);
    expect(await zoneState(t.db, id)).toEqual(before);

    const asked = await as(applicant)('POST', `/api/zones/${id}/requests`, { answers: ['Along the river'] });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ role: 'waiting', members: 1 });
    const waiting = await as(admin)('GET', `/api/zones/${id}/members?role=waiting`);
    expect(waiting.json()).toEqual({
      members: [
        expect.objectContaining({ _id: applicant.user.id, role: 'waiting', answers: ['Along the river'] }),
      ],
      count: 1,
    });
    expect(ids(await as(admin)('GET', `/api/zones/${id}/members`))).toEqual([admin.user.id]);

    expect(
      (await as(admin)('POST', `/api/zones/${id}/requests/${applicant.user.id}/approve`)).statusCode,
    ).toBe(204);
    expect(await roleIn(t.db, id, applicant)).toBe('member');
    expect((await as(null)('GET', `/api/zones/${id}`)).statusCode).toBe(404);
    expect((await as(applicant)('GET', `/api/zones/${id}`)).json()).toMatchObject({
      role: 'member',
      members: 2,
    });
    const again = await as(admin)('POST', `/api/zones/${id}/requests/${applicant.user.id}/approve`);
    expect(again.json().code).toBe('zone_request_not_found');
  });

  it('a waiting member cancels, or reminds the admins once a day', async () => {
    const { id, admin } = await buildZone(t, { access: 'private' });
    const applicant = await addToZone(t, id, 'waiting');
    const remind = () => as(applicant)('POST', `/api/zones/${id}/requests/mine/reminder`);
    const remindedAt = async () =>
      (await as(admin)('GET', `/api/zones/${id}/members?role=waiting`)).json().members[0].remindedAt;
    expect(await remindedAt()).toBeNull();
    const before = clock.now().getTime();
    expect((await remind()).statusCode).toBe(204);
    // The admins read it on their waiting list.
    const reminded = Date.parse(await remindedAt());
    expect(reminded).toBeGreaterThanOrEqual(before);
    expect(reminded).toBeLessThanOrEqual(clock.now().getTime());
    const tooSoon = await remind();
    expect([tooSoon.statusCode, tooSoon.json().code]).toEqual([429, 'zone_remind_too_soon']);
    clock.advance(ZONE_REMINDER_INTERVAL_MS - 60_000);
    expect((await remind()).statusCode).toBe(429);
    clock.advance(60_000);
    expect((await remind()).statusCode).toBe(204);

    expect((await as(applicant)('DELETE', `/api/zones/${id}/requests/mine`)).statusCode).toBe(204);
    expect(await roleIn(t.db, id, applicant)).toBeNull();
    const gone = await as(applicant)('DELETE', `/api/zones/${id}/requests/mine`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'zone_request_not_found']);
  });

  it('a declined applicant reads the reason and may ask again; a removed member too, a banned one not', async () => {
    const { id, admin } = await buildZone(t, { access: 'private' });
    const manager = await addToZone(t, id, 'manager');
    const applicant = await addToZone(t, id, 'waiting');
    const decline = await as(manager)('POST', `/api/zones/${id}/requests/${applicant.user.id}/decline`, {
      reason: 'Runners of Gombe only',
    });
    expect(decline.statusCode).toBe(204);
    const mine = await as(applicant)('GET', `/api/zones/${id}/membership`);
    expect(mine.json()).toMatchObject({ role: null, banned: false, declineReason: 'Runners of Gombe only' });
    expect((await as(applicant)('POST', `/api/zones/${id}/requests`, {})).statusCode).toBe(201);
    expect((await as(applicant)('GET', `/api/zones/${id}/membership`)).json().declineReason).toBeNull();

    const member = await addToZone(t, id, 'member');
    expect((await as(manager)('DELETE', `/api/zones/${id}/members/${member.user.id}`)).statusCode).toBe(204);
    expect((await as(member)('POST', `/api/zones/${id}/requests`, {})).statusCode).toBe(201);

    expect((await as(admin)('PUT', `/api/zones/${id}/bans/${member.user.id}`)).statusCode).toBe(204);
    expect(await roleIn(t.db, id, member)).toBeNull();
    const before = await zoneState(t.db, id);
    const banned = await as(member)('POST', `/api/zones/${id}/requests`, {});
    expect([banned.statusCode, banned.json().code]).toEqual([403, 'zone_banned']);
    expect(await zoneState(t.db, id)).toEqual(before);
    expect((await as(admin)('DELETE', `/api/zones/${id}/bans/${member.user.id}`)).statusCode).toBe(204);
    expect((await as(member)('POST', `/api/zones/${id}/requests`, {})).statusCode).toBe(201);
  });

  it('invite links: at once or for approval, until they expire, run out or are revoked', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', questions: ['Why?'] });
    const make = async (body: object) => {
      const res = await as(admin)('POST', `/api/zones/${id}/invites`, body);
      expect(res.statusCode).toBe(201);
      return res.json<{ _id: string; token: string }>();
    };
    const use = (member: Member, token: string) => as(member)('POST', '/api/zones/by-invite', { token });
    const once = await make({ days: 7, maxUses: 1 });
    const [first, second] = [await createMember(t), await createMember(t)];
    expect((await use(first, once.token)).json()).toMatchObject({ role: 'member', members: 2 });
    expect((await use(second, once.token)).json().code).toBe('zone_invite_used_up');

    const approval = await make({ days: 1, needsApproval: true });
    expect((await use(second, approval.token)).json().role).toBe('waiting');

    const expiring = await make({ days: 1 });
    clock.advance(DAY);
    const third = await createMember(t);
    const late = await use(third, expiring.token);
    expect([late.statusCode, late.json().code]).toEqual([410, 'zone_invite_expired']);
    clock.reset();

    const revoked = await make({ days: 7 });
    expect((await as(admin)('DELETE', `/api/zones/${id}/invites/${revoked._id}`)).statusCode).toBe(204);
    expect((await use(third, revoked.token)).json().code).toBe('zone_invite_revoked');
    expect(await roleIn(t.db, id, third)).toBeNull();

    const list = await as(admin)('GET', `/api/zones/${id}/invites`);
    expect(list.json().count).toBe(4);
    expect(list.json().invites.every((invite: object) => !('token' in invite))).toBe(true);
    expect((await as(first)('POST', `/api/zones/${id}/invites`, {})).json().code).toBe('zone_not_allowed');
  });

  it('the last admin cannot leave or step down without handing over', async () => {
    const { id, admin } = await buildZone(t);
    const member = await addToZone(t, id, 'member');
    const leave = (who: Member) => as(who)('DELETE', `/api/zones/${id}/membership`);
    const lastAdmin = async (who: Member) =>
      (await as(who)('GET', `/api/zones/${id}/membership`)).json().lastAdmin;
    // The page tells the only admin up front (the members list, to name another).
    expect([await lastAdmin(admin), await lastAdmin(member)]).toEqual([true, false]);
    const before = await zoneState(t.db, id);
    expect((await leave(admin)).json().code).toBe('zone_last_admin');
    const stepDown = await as(admin)('PUT', `/api/zones/${id}/members/${admin.user.id}/role`, {
      role: 'member',
    });
    expect(stepDown.json().code).toBe('zone_last_admin');
    expect(await zoneState(t.db, id)).toEqual(before);

    const handOver = await as(admin)('PUT', `/api/zones/${id}/members/${member.user.id}/role`, {
      role: 'admin',
    });
    expect(handOver.statusCode).toBe(204);
    expect([await lastAdmin(admin), await lastAdmin(member)]).toEqual([false, false]);
    expect((await leave(admin)).statusCode).toBe(204);
    expect((await as(member)('GET', `/api/zones/${id}`)).json()).toMatchObject({ role: 'admin', members: 1 });
  });

  it('hides members blocked by or blocking the viewer from the member list, both ways', async () => {
    const { id, admin } = await buildZone(t);
    const [blocker, blocked] = [await addToZone(t, id, 'member'), await addToZone(t, id, 'member')];
    await buildBlock(t, { blocker, blocked });
    const list = async (who: Member) => ids(await as(who)('GET', `/api/zones/${id}/members`));
    expect(await list(blocker)).not.toContain(blocked.user.id);
    expect(await list(blocked)).not.toContain(blocker.user.id);
    expect(await list(admin)).toEqual(expect.arrayContaining([blocker.user.id, blocked.user.id]));
    const search = await as(admin)(
      'GET',
      `/api/zones/${id}/members?q=${blocker.user.username.toUpperCase()}`,
    );
    expect(ids(search)).toEqual([blocker.user.id]);
  });

  it('shows one member through the zone: the waiting and the banned to its moderators only', async () => {
    const { id, admin } = await buildZone(t, { access: 'private', questions: ['Where do you run?'] });
    const [member, waiting, banned, outsider, blocked] = [
      await addToZone(t, id, 'member'),
      await addToZone(t, id, 'waiting', undefined, ['Along the river']),
      await banFromZone(t, id),
      await createMember(t),
      await addToZone(t, id, 'member'),
    ];
    await buildBlock(t, { blocker: blocked, blocked: member });
    const seen = (viewer: Member, who: Member) =>
      as(viewer)('GET', `/api/zones/${id}/members/${who.user.id}`);

    expect((await seen(member, admin)).json()).toEqual({
      _id: admin.user.id,
      username: admin.user.username,
      role: 'admin',
      since: expect.any(String),
      banned: false,
    });
    expect((await seen(admin, waiting)).json()).toMatchObject({ role: 'waiting', banned: false });
    expect((await seen(admin, banned)).json()).toMatchObject({ role: null, since: null, banned: true });
    expect((await seen(admin, outsider)).json()).toMatchObject({ role: null, banned: false });
    for (const hidden of [waiting, banned, outsider, blocked]) {
      const res = await seen(member, hidden);
      expect([res.statusCode, res.json().code]).toEqual([404, 'user_not_found']);
    }
    const unknown = await as(admin)('GET', `/api/zones/${id}/members/${crypto.randomUUID()}`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'user_not_found']);
  });

  it('lists the banned to admins and managers, newest ban first, page by page, blocks hidden both ways', async () => {
    const { id, admin } = await buildZone(t);
    const manager = await addToZone(t, id, 'manager');
    const [first, second, blocker, blocked] = [
      await addToZone(t, id, 'member'),
      await createMember(t),
      await createMember(t),
      await createMember(t),
    ];
    for (const who of [first, second, blocker, blocked]) {
      expect((await as(admin)('PUT', `/api/zones/${id}/bans/${who.user.id}`)).statusCode).toBe(204);
      clock.advance(60_000);
    }
    await buildBlock(t, { blocker, blocked: manager });
    await buildBlock(t, { blocker: manager, blocked });
    const bans = (who: Member, query = '') => as(who)('GET', `/api/zones/${id}/bans${query}`);

    expect((await bans(admin)).json()).toEqual({
      members: [blocked, blocker, second, first].map((who) => ({
        _id: who.user.id,
        username: who.user.username,
        bannedAt: expect.any(String),
      })),
      count: 4,
    });
    expect(ids(await bans(manager))).toEqual([second.user.id, first.user.id]);
    const page = (await bans(admin, '?skip=1&limit=2')).json();
    expect([page.members.map((m: { _id: string }) => m._id), page.count]).toEqual([
      [blocker.user.id, second.user.id],
      4,
    ]);
    const member = await addToZone(t, id, 'member');
    const refused = await bans(member);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'zone_not_allowed']);

    expect((await as(manager)('DELETE', `/api/zones/${id}/bans/${second.user.id}`)).statusCode).toBe(204);
    expect(ids(await bans(manager))).toEqual([first.user.id]);
  });
});
