import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { act, caseOf, createStaff, eventsOf, fileReport } from '../../test/moderation-factories.ts';

type Queue = { cases: { _id: string }[]; count: number };

describe('a case a staff member reported', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const queue = async (staff: Member, query = '') =>
    (await asMember(t, staff.cookie)('GET', `/api/moderation/cases?limit=100${query}`)).json<Queue>();

  /** Dave, a moderator, and Carole both report Eve. */
  async function daveReportsEve() {
    const dave = await createStaff(t);
    const [carole, eve] = [await createMember(t), await createMember(t)];
    await fileReport(t, dave, { user: eve.user.id, text: 'Asks for money' });
    await fileReport(t, carole, { user: eve.user.id });
    const found = (await caseOf(t.db, 'member', eve.user.id))!;
    return { dave, carole, eve, found };
  }

  it('is left out of their queue and its count; another moderator or an admin sees it', async () => {
    const { dave, found } = await daveReportsEve();
    const other = await createStaff(t);
    for (const query of ['', '&assigned=none', '&assigned=any']) {
      const [his, theirs] = [await queue(dave, query), await queue(other, query)];
      expect(his.cases.map((c) => c._id)).not.toContain(found.id);
      expect(theirs.cases.map((c) => c._id)).toContain(found.id);
      expect(theirs.count - his.count).toBe(1);
    }
    expect((await queue(await createStaff(t, 'admin'))).cases.map((c) => c._id)).toContain(found.id);
    // Opened by its link, it shows, with no decision offered.
    const detail = await asMember(t, dave.cookie)('GET', `/api/moderation/cases/${found.id}`);
    expect([detail.statusCode, detail.json().actionable]).toEqual([200, false]);
  });

  it('refuses them taking it and every action (403 case_you_reported), nothing decided', async () => {
    const { dave, carole, found } = await daveReportsEve();
    const take = await asMember(t, dave.cookie)('PUT', `/api/moderation/cases/${found.id}/assignee`, {
      assignee: 'me',
    });
    expect([take.statusCode, take.json().code]).toEqual([403, 'case_you_reported']);
    for (const body of [
      { action: 'dismiss', rule: 'other' },
      { action: 'escalate' },
      { action: 'warn' },
      { action: 'mute_reporter', days: 30, reporter: carole.user.id },
      { action: 'ban' },
    ]) {
      const res = await act(t, dave, found.id, body);
      expect([body.action, res.statusCode, res.json().code]).toEqual([body.action, 403, 'case_you_reported']);
    }
    expect(await caseOf(t.db, 'member', found.memberId!)).toMatchObject({ state: 'open', assigneeId: null });
    expect(await eventsOf(t.db, found.id)).toEqual([]);
    expect(
      (await act(t, await createStaff(t), found.id, { action: 'dismiss', rule: 'other' })).statusCode,
    ).toBe(200);
  });

  it('refuses them its appeal too, which another moderator decides', async () => {
    const { dave, eve, found } = await daveReportsEve();
    const other = await createStaff(t);
    expect((await act(t, other, found.id, { action: 'warn', rule: 'harassment' })).statusCode).toBe(200);
    const [notice] = (await asMember(t, eve.cookie)('GET', '/api/moderation/notices')).json().notices;
    const appeal = await t.app.inject({
      method: 'POST',
      url: `/api${notice.appealPath.replace('/appeal/', '/appeals/')}`,
      payload: { text: 'I never asked anyone for money.' },
    });
    expect(appeal.statusCode).toBe(201);
    expect((await queue(dave)).cases.map((c) => c._id)).not.toContain(found.id);
    const his = await act(t, dave, found.id, { action: 'dismiss', rule: 'other' });
    expect([his.statusCode, his.json().code]).toEqual([403, 'case_you_reported']);
    expect(
      (await act(t, await createStaff(t), found.id, { action: 'dismiss', rule: 'other' })).statusCode,
    ).toBe(200);
  });
});
