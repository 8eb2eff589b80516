import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { buildPost } from '../../test/post-factories.ts';
import { allReports, reportsBy } from '../../test/safety-factories.ts';
import { addToZone, buildZone } from '../../test/zone-factories.ts';

const REASON = { reason: 'inappropriate_content', subReason: 'offensive_language' };

describe('reports of a zone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const report = (by: Member, body: object) =>
    asMember(t, by.cookie)('POST', '/api/reports', { ...REASON, ...body });

  it('stores the zone alone, no member named; one open report per member and zone', async () => {
    const { id } = await buildZone(t, { access: 'private' });
    const [outsider, member] = [await createMember(t), await createMember(t)];
    await addToZone(t, id, 'manager', member);
    for (const reporter of [outsider, member]) {
      const res = await report(reporter, { zone: id, text: 'Selling things.' });
      expect(res.statusCode).toBe(201);
      expect(await reportsBy(t.db, reporter.user.id)).toEqual([
        expect.objectContaining({
          id: res.json()._id,
          reportedId: null,
          zoneId: id,
          postId: null,
          commentId: null,
          text: 'Selling things.',
          status: 'open',
        }),
      ]);
    }
    const before = await allReports(t.db);
    const again = await report(outsider, { zone: id });
    expect([again.statusCode, again.json().code]).toEqual([409, 'zone_already_reported']);
    expect(await allReports(t.db)).toEqual(before);
    // The zone reported is not a member reported: its admin stays in the reporter's lists.
    expect(await reportsBy(t.db, outsider.user.id)).toHaveLength(1);
  });

  it("refuses the zone's own admin, an unknown zone and a zone beside a member, storing nothing", async () => {
    const { id, admin } = await buildZone(t);
    const [reporter, other] = [await createMember(t), await createMember(t)];
    const before = await allReports(t.db);
    const own = await report(admin, { zone: id });
    expect([own.statusCode, own.json().code]).toEqual([403, 'zone_not_allowed']);
    const unknown = await report(reporter, { zone: crypto.randomUUID() });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'zone_not_found']);
    for (const body of [{ zone: id, user: other.user.id }, { zone: id, post: crypto.randomUUID() }, {}]) {
      const both = await report(reporter, body);
      expect([both.statusCode, both.json().code]).toEqual([400, 'validation_failed']);
    }
    // A person's reasons are not a group's.
    for (const reason of [
      { reason: 'fake_account', subReason: 'famous_person_photo' },
      { reason: 'not_interested', subReason: 'not_my_type' },
    ]) {
      const refused = await report(reporter, { zone: id, ...reason });
      expect([refused.statusCode, refused.json().issues?.[0]?.path]).toEqual([400, 'reason']);
    }
    expect(await allReports(t.db)).toEqual(before);
  });

  it("hides no member from the reporter's feed (no member named: no null in its hidden list)", async () => {
    const [reporter, author] = [await createProfile(t), await createProfile(t)];
    const post = await buildPost(t, { author });
    const { id } = await buildZone(t);
    expect((await report(reporter, { zone: id })).statusCode).toBe(201);
    const feed = await asMember(t, reporter.cookie)('GET', '/api/posts');
    expect(feed.json<{ posts: { _id: string }[] }>().posts.map((shown) => shown._id)).toContain(post.id);
  });
});
