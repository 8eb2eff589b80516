import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember } from '../../test/factories.ts';
import { SESSION_CACHE_MS } from './sessions.service.ts';

/**
 * A node keeps the sessions it read for SESSION_CACHE_MS (decision 0062): revocations are heard at
 * once (logout.test.ts, account-password.test.ts, two-nodes.test.ts), and a staff route reads the
 * session again (the admin command's role); what no event says otherwise, a session's row changed in
 * the database by hand, is read again within that time.
 */
describe('the sessions a node has read', () => {
  let t: TestApp;
  beforeAll(async () => (t = await buildTestApp()));
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  it('are answered without a query until SESSION_CACHE_MS, then read again', async () => {
    const member = await createMember(t);
    const profile = () => asMember(t, member.cookie)('GET', '/api/users/profile');
    expect((await profile()).statusCode).toBe(200);
    // Revoked by hand: no event tells the node, so only a new read finds it.
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, member.user.id));
    expect((await profile()).statusCode).toBe(200);
    clock.advance(SESSION_CACHE_MS);
    expect((await profile()).statusCode).toBe(401);
  });

  it('are read again on a staff route: a role granted or taken holds at once', async () => {
    const member = await createMember(t);
    const queue = () => asMember(t, member.cookie)('GET', '/api/moderation/cases');
    const setRole = (role: 'member' | 'moderator') =>
      t.db.update(users).set({ role }).where(eq(users.id, member.user.id));
    expect((await queue()).statusCode).toBe(404);
    await setRole('moderator');
    expect((await queue()).statusCode).toBe(200);
    await setRole('member');
    expect((await queue()).statusCode).toBe(404);
  });
});
