import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, pushTokens, users } from '../../db/schema.ts';
import type { AppEvents } from '../../app-events.ts';
import type { AccountHook } from '../../account-hooks-port.ts';
import { createEventPort } from '../../lib/event-port.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, findUser, login, newSession, sessionsOf } from '../../test/factories.ts';
import { deleteAccount } from './account-closure.service.ts';

/** The Set-Cookie header ends the session cookie. */
function expectCookieCleared(setCookie: string | string[] | undefined) {
  const header = [setCookie].flat().find((value) => value?.startsWith('motema_session='));
  expect(header).toMatch(/^motema_session=;/);
  expect(header).toMatch(/Expires=Thu, 01 Jan 1970/);
}

describe('deactivating and deleting the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('deactivation hides the member and ends every session', async () => {
    const member = await createMember(t);
    const other = await newSession(t, member.user.id);
    const res = await asMember(t, member.cookie)('POST', '/api/users/deactivate', {
      password: member.password,
    });
    expect(res.statusCode).toBe(204);
    expectCookieCleared(res.headers['set-cookie']);
    expect((await findUser(t.db, member.user.id))?.status).toBe('deactivated');
    expect((await sessionsOf(t.db, member.user.id)).every((session) => session.revokedAt)).toBe(true);
    expect((await asMember(t, member.cookie)('GET', '/api/users/profile')).statusCode).toBe(401);
    expect((await asMember(t, other.cookie)('GET', '/api/users/profile')).statusCode).toBe(401);

    const back = await login(t, member.user.username, member.password);
    expect(back.statusCode).toBe(200);
    expect((await findUser(t.db, member.user.id))?.status).toBe('active');
  });

  it('deactivation with a wrong password changes nothing', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('POST', '/api/users/deactivate', { password: 'nope-nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'wrong_password',
      issues: [{ path: 'password', code: 'wrong_password' }],
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await findUser(t.db, member.user.id)).toEqual(member.user);
    expect((await asMember(t, member.cookie)('GET', '/api/users/profile')).statusCode).toBe(200);
  });

  it('deletion removes the member, their sessions, codes and push tokens', async () => {
    const member = await createMember(t);
    const other = await newSession(t, member.user.id);
    const as = asMember(t, member.cookie);
    expect(
      (await as('POST', '/api/users/email', { password: member.password, email: 'next@example.com' }))
        .statusCode,
    ).toBe(202);
    await t.db.insert(pushTokens).values({ userId: member.user.id, platform: 'web', token: 'push-token-1' });

    const res = await as('DELETE', '/api/users', { password: member.password });
    expect(res.statusCode).toBe(204);
    expectCookieCleared(res.headers['set-cookie']);
    expect(await findUser(t.db, member.user.id)).toBeUndefined();
    expect(await sessionsOf(t.db, member.user.id)).toEqual([]);
    expect(await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.user.id))).toEqual([]);
    expect(await t.db.select().from(pushTokens).where(eq(pushTokens.userId, member.user.id))).toEqual([]);

    expect((await asMember(t, member.cookie)('GET', '/api/users/profile')).statusCode).toBe(401);
    expect((await asMember(t, other.cookie)('GET', '/api/users/profile')).statusCode).toBe(401);
    const again = await login(t, member.user.username, member.password);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_credentials');
  });

  it('deletion with a wrong password changes nothing', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('DELETE', '/api/users', { password: 'wrong-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'wrong_password',
      issues: [{ path: 'password', code: 'wrong_password' }],
    });
    expect(await findUser(t.db, member.user.id)).toEqual(member.user);
    expect((await sessionsOf(t.db, member.user.id)).every((session) => session.revokedAt === null)).toBe(
      true,
    );
    expect((await asMember(t, member.cookie)('GET', '/api/users/profile')).statusCode).toBe(200);
  });

  it.each([
    ['POST', '/api/users/deactivate'],
    ['DELETE', '/api/users'],
  ] as const)('%s %s needs the password', async (method, url) => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)(method, url, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: 'password', code: 'password_required' }),
    );
    expect(await findUser(t.db, member.user.id)).toEqual(member.user);
  });
});

describe('account removal hooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  // Deletion enqueues no job itself (files go through the subscribers of account.removed, none on this
  // port); a queue that refuses proves it.
  const refuse = async () => {
    throw new Error('no job expected');
  };
  /** The deletion's deps with a port of its own, whose account.removed payloads land in `removed`. */
  function deps(
    removed: AppEvents['account.removed'][],
    accountHooks: AccountHook[],
    seenGone: boolean[] = [],
  ) {
    const events = createEventPort<AppEvents>(() => {});
    events.on('account.removed', async (payload) => {
      seenGone.push((await findUser(t.db, payload.userId)) === undefined);
      removed.push(payload);
    });
    const jobs = {
      send: refuse,
      sendOnce: refuse,
      sendCollapsed: refuse,
      work: refuse,
      define: refuse,
      waitFor: refuse,
      fail: refuse,
      cancel: refuse,
      stop: refuse,
      sendIn: refuse,
    };
    return { db: t.db, jobs, events, accountHooks };
  }

  it('run inside the deletion; what they return reaches account.removed after the commit', async () => {
    const member = await createMember(t);
    const removed: AppEvents['account.removed'][] = [];
    const seenGone: boolean[] = [];
    const conversations = [{ conversationId: 'a-conversation', userId: 'a-partner' }];
    let rowThere: boolean | undefined;
    const hook: AccountHook = {
      name: 'conversations',
      async removing(userId, { tx }) {
        // Still there: hooks run before the member row goes, in the same transaction.
        const [row] = await tx.select().from(users).where(eq(users.id, userId));
        rowThere = row !== undefined;
        return { conversations };
      },
    };
    // A hook with nothing to report leaves the other fields as they are.
    const counters: AccountHook = { name: 'counters', removing: async () => undefined };
    await deleteAccount(deps(removed, [hook, counters], seenGone), member.user.id, member.password);
    expect(rowThere).toBe(true);
    expect(removed).toEqual([{ userId: member.user.id, conversations, lives: [] }]);
    expect(seenGone).toEqual([true]);
  });

  it('roll the whole deletion back when one fails, and nothing is announced', async () => {
    const member = await createMember(t);
    const removed: AppEvents['account.removed'][] = [];
    const failing = async () => {
      throw new Error('storage unavailable');
    };
    await expect(
      deleteAccount(deps(removed, [{ name: 'failing', removing: failing }]), member.user.id, member.password),
    ).rejects.toThrow('storage unavailable');
    expect(removed).toEqual([]);
    expect(await findUser(t.db, member.user.id)).toEqual(member.user);
    expect((await sessionsOf(t.db, member.user.id)).every((session) => session.revokedAt === null)).toBe(
      true,
    );
    expect((await asMember(t, member.cookie)('GET', '/api/users/profile')).statusCode).toBe(200);
  });
});
