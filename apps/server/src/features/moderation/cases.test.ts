import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { apiRoutes, routePath } from '../../test/api-routes.ts';
import { asMember, createMember, findUser } from '../../test/factories.ts';
import { buildPost } from '../../test/post-factories.ts';
import { act, caseOf, createStaff, fileReport, reportRow } from '../../test/moderation-factories.ts';
import { clock } from '../../lib/clock.ts';

const DAY_MS = 86_400_000;

describe('moderation cases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const queue = async (staff: { cookie: string }) =>
    (await asMember(t, staff.cookie)('GET', '/api/moderation/cases?limit=100')).json<{
      cases: { _id: string; subject: { _id: string }; priority: number; reporters: number }[];
    }>();

  it('answers every console route 404 not_found to a member, as an unknown path', async () => {
    const member = await createMember(t);
    const consoleRoutes = apiRoutes(t).filter(
      (route) => route.url.startsWith('/api/moderation/') && route.url !== '/api/moderation/notices',
    );
    expect(consoleRoutes.length).toBeGreaterThanOrEqual(6);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const route of consoleRoutes) {
      const url = routePath(route.url).replace(':id', id).replace(':index', '0');
      const res = await asMember(t, member.cookie)(
        route.method as 'GET',
        url,
        route.method === 'GET' ? undefined : {},
      );
      expect([route.method, url, res.statusCode, res.json().code]).toEqual([
        route.method,
        url,
        404,
        'not_found',
      ]);
    }
  });

  it('merges every report of one subject into one case, counting distinct reporters', async () => {
    const reported = await createMember(t);
    const [a, b] = [await createMember(t), await createMember(t)];
    await fileReport(t, a, { user: reported.user.id });
    await fileReport(t, b, {
      user: reported.user.id,
      reason: 'scam_or_commercial',
      subReason: 'asks_for_money',
    });
    const found = (await caseOf(t.db, 'member', reported.user.id))!;
    const staff = await createStaff(t);
    const detail = (await asMember(t, staff.cookie)('GET', `/api/moderation/cases/${found.id}`)).json();
    expect(detail).toMatchObject({
      state: 'open',
      reporters: 2,
      source: 'reports',
      member: { _id: reported.user.id },
    });
    expect(detail.reports).toHaveLength(2);
    expect(detail.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'fake_account', count: 1 },
        { reason: 'scam_or_commercial', count: 1 },
      ]),
    );
  });

  it('orders the queue by priority: a severe reason first, and an old accurate reporter above a new one', async () => {
    const [mild, severe, byNew, byOld] = [
      await createMember(t),
      await createMember(t),
      await createMember(t),
      await createMember(t),
    ];
    const old = await createMember(t, { createdAt: new Date(clock.now().getTime() - 400 * DAY_MS) });
    const fresh = await createMember(t);
    await fileReport(t, old, { user: mild.user.id, reason: 'not_interested', subReason: 'not_my_type' });
    await fileReport(t, old, { user: severe.user.id, reason: 'underage', subReason: 'looks_under_18' });
    await fileReport(t, fresh, { user: byNew.user.id });
    await fileReport(t, old, { user: byOld.user.id });
    const staff = await createStaff(t);
    const order = (await queue(staff)).cases.map((c) => c.subject._id);
    const rank = (id: string) => order.indexOf(id);
    expect(rank(severe.user.id)).toBeLessThan(rank(byOld.user.id));
    expect(rank(byOld.user.id)).toBeLessThan(rank(byNew.user.id));
    expect(rank(byOld.user.id)).toBeLessThan(rank(mild.user.id));
  });

  it('gives a muted reporter’s report no weight', async () => {
    const staff = await createStaff(t);
    const muted = await createMember(t, { createdAt: new Date(clock.now().getTime() - 400 * DAY_MS) });
    const first = await createMember(t);
    await fileReport(t, muted, { user: first.user.id });
    const firstCase = (await caseOf(t.db, 'member', first.user.id))!;
    expect(firstCase.priority).toBeGreaterThan(0);
    const res = await act(t, staff, firstCase.id, {
      action: 'mute_reporter',
      days: 30,
      reporter: muted.user.id,
    });
    expect(res.statusCode).toBe(200);
    const second = await createMember(t);
    await fileReport(t, muted, { user: second.user.id });
    expect((await caseOf(t.db, 'member', second.user.id))!.priority).toBe(0);
  });

  it('keeps the snapshot of a post its author deleted, and says it is no longer live', async () => {
    const author = await createMember(t);
    const post = await buildPost(t, { author, visibility: 'public', text: 'Send me 50 $ first' });
    await fileReport(t, await createMember(t), {
      user: author.user.id,
      post: post.id,
      reason: 'scam_or_commercial',
      subReason: 'asks_for_money',
    });
    const deleted = await asMember(t, author.cookie)('DELETE', `/api/posts/${post.id}`);
    expect(deleted.statusCode).toBe(204);
    const found = (await caseOf(t.db, 'post', post.id))!;
    const staff = await createStaff(t);
    const detail = (await asMember(t, staff.cookie)('GET', `/api/moderation/cases/${found.id}`)).json();
    expect(detail.snapshot).toMatchObject({ text: 'Send me 50 $ first', live: false });
    expect(detail.member._id).toBe(author.user.id);
  });

  it('keeps the reports and the profile snapshot of a member who deleted their account', async () => {
    const reported = await createMember(t, { about: 'Crypto coach, DM me' });
    const reportId = await fileReport(t, await createMember(t), { user: reported.user.id });
    const found = (await caseOf(t.db, 'member', reported.user.id))!;
    const res = await asMember(t, reported.cookie)('DELETE', '/api/users', { password: reported.password });
    expect(res.statusCode).toBe(204);
    expect(await findUser(t.db, reported.user.id)).toBeUndefined();
    expect(await reportRow(t.db, reportId)).toEqual([expect.objectContaining({ reportedId: null })]);
    const staff = await createStaff(t);
    const detail = (await asMember(t, staff.cookie)('GET', `/api/moderation/cases/${found.id}`)).json();
    expect(detail).toMatchObject({ member: null, reporters: 1 });
    expect(detail.snapshot).toMatchObject({
      live: false,
      profile: { username: reported.user.username, about: 'Crypto coach, DM me' },
    });
  });

  it('assigns a case to the moderator asking, and back to the queue', async () => {
    const staff = await createStaff(t);
    const reported = await createMember(t);
    await fileReport(t, await createMember(t), { user: reported.user.id });
    const found = (await caseOf(t.db, 'member', reported.user.id))!;
    const take = await asMember(t, staff.cookie)('PUT', `/api/moderation/cases/${found.id}/assignee`, {
      assignee: 'me',
    });
    expect(take.json().assignee).toEqual({ _id: staff.user.id, username: staff.user.username });
    const mine = await asMember(t, staff.cookie)('GET', '/api/moderation/cases?assigned=me');
    expect(mine.json().cases.map((c: { _id: string }) => c._id)).toEqual([found.id]);
    const back = await asMember(t, staff.cookie)('PUT', `/api/moderation/cases/${found.id}/assignee`, {
      assignee: null,
    });
    expect(back.json().assignee).toBeNull();
  });

  it('never takes a role from the API: a profile or settings update naming one changes nothing', async () => {
    const member = await createMember(t);
    await asMember(t, member.cookie)('PUT', '/api/users', { language: 'fr', role: 'admin' });
    await asMember(t, member.cookie)('PUT', '/api/users/profile', {
      firstName: 'Grace',
      dateOfBirth: '1994-02-10',
      sex: 'female',
      role: 'admin',
    });
    expect((await findUser(t.db, member.user.id))?.role).toBe('member');
    const res = await asMember(t, member.cookie)('GET', '/api/moderation/cases');
    expect(res.statusCode).toBe(404);
  });
});
