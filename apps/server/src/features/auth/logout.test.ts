import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushTokens, sessions } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, loginCookie, newSession } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import {
  closePushTestApp,
  startPushTestApp,
  subscribeDevice,
  type PushService,
} from '../../test/push-service.ts';

describe('PUT /api/users/logout', () => {
  let t: TestApp;
  let service: PushService;
  beforeAll(async () => ({ service, t } = await startPushTestApp()));
  afterAll(() => closePushTestApp(t, service));

  const logout = (cookie: string | undefined, payload?: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/logout',
      remoteAddress: randomIp(),
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const profileWith = (cookie: string) => asMember(t, cookie)('GET', '/api/users/profile');

  it('revokes this session only, clears the cookie and deletes the given push tokens', async () => {
    const member = await createMember(t);
    const phone = await loginCookie(t, member.user.username, member.password);
    const other = await createMember(t);
    await t.db.insert(pushTokens).values([
      { userId: member.user.id, platform: 'web', token: 'web-token-of-this-browser' },
      { userId: member.user.id, platform: 'android', token: 'android-token-of-the-phone' },
      { userId: member.user.id, platform: 'ios', token: 'ios-token-kept' },
      { userId: other.user.id, platform: 'web', token: 'web-token-of-someone-else' },
    ]);

    const res = await logout(member.cookie, {
      'web-token': 'web-token-of-this-browser',
      'android-token': 'android-token-of-the-phone',
      'ios-token': 'not-a-token-of-mine',
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^motema_session=;.*Expires=Thu, 01 Jan 1970/);

    expect((await profileWith(member.cookie)).statusCode).toBe(401);
    expect((await profileWith(phone)).statusCode).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id));
    expect(rows.filter((s) => s.revokedAt)).toHaveLength(1);

    const tokens = (await t.db.select().from(pushTokens)).map((row) => row.token).sort();
    expect(tokens).toEqual(['ios-token-kept', 'web-token-of-someone-else']);
  });

  it('does not delete another member’s push token', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    await t.db
      .insert(pushTokens)
      .values({ userId: other.user.id, platform: 'web', token: 'shared-looking-token' });
    expect((await logout(member.cookie, { 'web-token': 'shared-looking-token' })).statusCode).toBe(204);
    expect(await t.db.select().from(pushTokens).where(eq(pushTokens.userId, other.user.id))).toHaveLength(1);
  });

  it('removes every push token its session registered, named or not; the member’s other devices and other members keep theirs (Z1)', async () => {
    const member = await createMember(t);
    const laptop = await newSession(t, member.user.id);
    const other = await createMember(t);
    const thisBrowser = await subscribeDevice(t, service, member.cookie);
    await asMember(t, member.cookie)('POST', '/api/push-tokens', { android: 'android-of-this-session' });
    const laptopBrowser = await subscribeDevice(t, service, laptop.cookie);
    const othersBrowser = await subscribeDevice(t, service, other.cookie);

    // The device forgot its endpoint (storage cleared): the body names none, the session's go anyway.
    expect((await logout(member.cookie, {})).statusCode).toBe(204);

    const rows = await t.db.select().from(pushTokens);
    const tokens = rows.map((row) => row.token);
    expect(tokens).not.toContain(thisBrowser.endpoint);
    expect(tokens).not.toContain('android-of-this-session');
    expect(tokens).toContain(laptopBrowser.endpoint);
    expect(tokens).toContain(othersBrowser.endpoint);

    // Naming another member's endpoint at logout takes nothing from them.
    const laptopLogout = await logout(laptop.cookie, { 'web-token': othersBrowser.endpoint });
    expect(laptopLogout.statusCode).toBe(204);
    const after = (await t.db.select().from(pushTokens)).map((row) => row.token);
    expect(after).not.toContain(laptopBrowser.endpoint);
    expect(after).toContain(othersBrowser.endpoint);
  });

  it('works without a body, and without a session it still clears the cookie', async () => {
    const member = await createMember(t);
    expect((await logout(member.cookie)).statusCode).toBe(204);
    expect((await profileWith(member.cookie)).statusCode).toBe(401);
    const anonymous = await logout(undefined);
    expect(anonymous.statusCode).toBe(204);
    expect(String(anonymous.headers['set-cookie'])).toMatch(/^motema_session=;/);
    expect((await logout(member.cookie)).statusCode).toBe(204);
  });

  it('refuses a malformed body', async () => {
    const member = await createMember(t);
    const res = await logout(member.cookie, { 'web-token': 42 });
    expect(res.statusCode).toBe(400);
    expect((await profileWith(member.cookie)).statusCode).toBe(200);
  });
});
