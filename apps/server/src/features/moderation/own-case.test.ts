import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { buildPhoto } from '../../test/media-factories.ts';
import {
  act,
  caseOf,
  createStaff,
  eventsOf,
  fileReport,
  reportRow,
} from '../../test/moderation-factories.ts';

type Queue = { cases: { _id: string }[]; count: number };

describe('a case about a staff member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const queue = async (staff: Member, query = '') =>
    (await asMember(t, staff.cookie)('GET', `/api/moderation/cases?limit=100${query}`)).json<Queue>();

  /** Carole reports Dave, a moderator, from his profile. */
  async function caroleReportsDave() {
    const dave = await createStaff(t);
    const carole = await createMember(t);
    const reportId = await fileReport(t, carole, { user: dave.user.id, text: 'Fake pictures' });
    const found = (await caseOf(t.db, 'member', dave.user.id))!;
    return { dave, carole, reportId, found };
  }

  it('is left out of their queue and its count; another moderator or an admin sees it', async () => {
    const { dave, found } = await caroleReportsDave();
    const other = await createStaff(t);
    const admin = await createStaff(t, 'admin');
    for (const query of ['', '&assigned=none', '&assigned=any']) {
      const [his, theirs] = [await queue(dave, query), await queue(other, query)];
      expect(his.cases.map((c) => c._id)).not.toContain(found.id);
      expect(theirs.cases.map((c) => c._id)).toContain(found.id);
      expect(theirs.count - his.count).toBe(1);
    }
    expect((await queue(admin)).cases.map((c) => c._id)).toContain(found.id);

    const escalated = await act(t, other, found.id, { action: 'escalate' });
    expect(escalated.statusCode).toBe(200);
    const [his, the_admins] = [await queue(dave, '&state=escalated'), await queue(admin, '&state=escalated')];
    expect(his.cases.map((c) => c._id)).not.toContain(found.id);
    expect(the_admins.count - his.count).toBe(1);
  });

  it('is refused when opened directly, as an unknown case, without the reporter or the pictures', async () => {
    const dave = await createStaff(t);
    const carole = await createMember(t);
    const photo = await buildPhoto(t, { owner: dave });
    await t.storage.put(photo.variants[0]!.key, Buffer.from('the reported picture'), 'image/webp');
    await fileReport(t, carole, { user: dave.user.id, photo: photo.id });
    const found = (await caseOf(t.db, 'photo', photo.id))!;

    const detail = await asMember(t, dave.cookie)('GET', `/api/moderation/cases/${found.id}`);
    expect([detail.statusCode, detail.json().code]).toEqual([404, 'not_found']);
    expect(detail.body).not.toContain(carole.user.username);
    const media = await asMember(t, dave.cookie)('GET', `/api/moderation/cases/${found.id}/media/0`);
    expect([media.statusCode, media.json().code]).toEqual([404, 'not_found']);
    const history = await asMember(t, dave.cookie)('GET', `/api/moderation/members/${dave.user.id}`);
    expect([history.statusCode, history.json().code]).toEqual([404, 'not_found']);

    const other = await createStaff(t);
    const seen = await asMember(t, other.cookie)('GET', `/api/moderation/cases/${found.id}`);
    expect(seen.json().reports[0].reporter.username).toBe(carole.user.username);
    const picture = await asMember(t, other.cookie)('GET', `/api/moderation/cases/${found.id}/media/0`);
    expect([picture.statusCode, picture.body]).toEqual([200, 'the reported picture']);
    const his = await asMember(t, other.cookie)('GET', `/api/moderation/members/${dave.user.id}`);
    expect(his.json().cases.map((c: { _id: string }) => c._id)).toEqual([found.id]);
  });

  it('refuses them every action and taking it (403 case_about_yourself), nothing decided', async () => {
    const { dave, carole, reportId, found } = await caroleReportsDave();
    const actions = [
      { action: 'dismiss', rule: 'other' },
      { action: 'escalate' },
      { action: 'warn' },
      { action: 'remove_content' },
      { action: 'mute_reporter', days: 30, reporter: carole.user.id },
      { action: 'suspend', days: 7 },
      { action: 'ban' },
    ];
    for (const body of actions) {
      const res = await act(t, dave, found.id, body);
      expect([body.action, res.statusCode, res.json().code]).toEqual([
        body.action,
        403,
        'case_about_yourself',
      ]);
      expect(res.body).not.toContain(carole.user.username);
    }
    const take = await asMember(t, dave.cookie)('PUT', `/api/moderation/cases/${found.id}/assignee`, {
      assignee: 'me',
    });
    expect([take.statusCode, take.json().code]).toEqual([403, 'case_about_yourself']);
    expect(await caseOf(t.db, 'member', dave.user.id)).toMatchObject({ state: 'open', assigneeId: null });
    expect(await eventsOf(t.db, found.id)).toEqual([]);
    expect(await reportRow(t.db, reportId)).toEqual([expect.objectContaining({ status: 'open' })]);

    const admin = await createStaff(t, 'admin');
    expect((await act(t, admin, found.id, { action: 'dismiss', rule: 'other' })).statusCode).toBe(200);
  });

  it('refuses them its appeal too, which another moderator decides', async () => {
    const { dave, found } = await caroleReportsDave();
    const other = await createStaff(t);
    expect((await act(t, other, found.id, { action: 'warn', rule: 'harassment' })).statusCode).toBe(200);
    const [notice] = (await asMember(t, dave.cookie)('GET', '/api/moderation/notices')).json().notices;
    const appeal = await t.app.inject({
      method: 'POST',
      url: `/api${notice.appealPath.replace('/appeal/', '/appeals/')}`,
      payload: { text: 'It was a joke between friends.' },
    });
    expect(appeal.statusCode).toBe(201);
    expect((await queue(dave)).cases.map((c) => c._id)).not.toContain(found.id);
    const own = await act(t, dave, found.id, { action: 'dismiss', rule: 'other' });
    expect([own.statusCode, own.json().code]).toEqual([403, 'case_about_yourself']);
    const third = await createStaff(t);
    expect((await act(t, third, found.id, { action: 'dismiss', rule: 'other' })).statusCode).toBe(200);
  });

  it('keeps who reported them out of the reporter’s history', async () => {
    const { dave, carole, found } = await caroleReportsDave();
    const other = await createStaff(t);
    const mute = await act(t, other, found.id, {
      action: 'mute_reporter',
      days: 30,
      reporter: carole.user.id,
    });
    expect(mute.statusCode).toBe(200);
    const path = `/api/moderation/members/${carole.user.id}`;
    const seen = (await asMember(t, other.cookie)('GET', path)).json();
    expect(seen.events.map((e: { caseId: string }) => e.caseId)).toContain(found.id);
    const his = await asMember(t, dave.cookie)('GET', path);
    expect(his.statusCode).toBe(200);
    expect(his.json().events.map((e: { caseId: string }) => e.caseId)).not.toContain(found.id);
  });
});
