import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile, rate } from '../../test/discovery-factories.ts';
import { asMember, createMember, findUser, type Member } from '../../test/factories.ts';
import { caseOf, fileReport } from '../../test/moderation-factories.ts';

/**
 * What a member's rows weighed in for others (the popularity of the members they rated or visited,
 * the priority of the cases they reported) is weighed again without them when they delete their
 * account: each is compared with a twin that the leaving member never touched.
 */
describe('deleting an account weighs again what it weighed in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const popularity = async (member: Member) =>
    (await t.db.select({ p: users.popularity }).from(users).where(eq(users.id, member.user.id)))[0]!.p;
  const priority = async (member: Member) => (await caseOf(t.db, 'member', member.user.id))!.priority;

  it('recomputes the popularity of whom they rated or visited, and the priority of the cases they reported', async () => {
    const leaving = await createProfile(t);
    const other = await createProfile(t);
    // Rated 5 and visited by the leaving member, rated 2 by the other; its twin only rated 2 by the other.
    const rated = await createProfile(t);
    const twin = await createProfile(t);
    expect((await rate(t, leaving, rated, 5)).statusCode).toBe(200);
    expect((await asMember(t, leaving.cookie)('GET', `/api/users/${rated.user.id}`)).statusCode).toBe(200);
    for (const member of [rated, twin]) expect((await rate(t, other, member, 2)).statusCode).toBe(200);
    // Reported by both; its twin only by the other.
    const reported = await createMember(t);
    const reportedTwin = await createMember(t);
    const reporter = await createMember(t);
    await fileReport(t, leaving, { user: reported.user.id });
    for (const member of [reported, reportedTwin]) await fileReport(t, reporter, { user: member.user.id });

    expect(await popularity(rated)).toBeGreaterThan(await popularity(twin));
    expect(await priority(reported)).toBeGreaterThan(await priority(reportedTwin));

    const res = await asMember(t, leaving.cookie)('DELETE', '/api/users', { password: leaving.password });
    expect(res.statusCode).toBe(204);
    expect(await findUser(t.db, leaving.user.id)).toBeUndefined();

    expect(await popularity(rated)).toBe(await popularity(twin));
    expect(await priority(reported)).toBe(await priority(reportedTwin));
  });
});
