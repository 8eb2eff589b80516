import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, findUser, type Member } from '../../test/factories.ts';
import { createModerator, decide, pendingSelfie, requestsOf } from '../../test/verification-factories.ts';

describe('a staff member’s own selfie verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const queue = async (staff: Member) =>
    (await asMember(t, staff.cookie)('GET', '/api/moderation/verifications?limit=100')).json<{
      items: { _id: string }[];
      count: number;
    }>();

  it('is left out of their queue and its count, and refused to them (403 case_about_yourself)', async () => {
    const moderator = await createModerator(t);
    const id = await pendingSelfie(t, moderator);
    const other = await createModerator(t);
    const [his, theirs] = [await queue(moderator), await queue(other)];
    expect(his.items.map((item) => item._id)).not.toContain(id);
    expect(theirs.items.map((item) => item._id)).toContain(id);
    expect(theirs.count - his.count).toBe(1);

    for (const body of [{ decision: 'approve' }, { decision: 'refuse', reason: 'face_not_visible' }]) {
      const res = await decide(t, moderator, id, body);
      expect([res.statusCode, res.json().code]).toEqual([403, 'case_about_yourself']);
    }
    expect((await requestsOf(t.db, moderator.user.id))[0]?.state).toBe('pending');
    expect((await findUser(t.db, moderator.user.id))?.verifiedAt).toBeNull();

    expect((await decide(t, other, id, { decision: 'approve' })).statusCode).toBe(204);
    expect((await findUser(t.db, moderator.user.id))?.verifiedAt).not.toBeNull();
  });
});
