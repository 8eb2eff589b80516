import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { verifyPassword } from './passwords.ts';
import {
  asMember,
  createMember,
  findUser,
  newSession,
  sessionsOf,
  waitForOutbox,
} from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';

const NEW_PASSWORD = 'Lubumbashi-sun-77';

describe('PUT /users/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const change = (currentPassword: string, password = NEW_PASSWORD, confirmation = password) => ({
    currentPassword,
    password,
    confirmation,
  });

  it('changes the password, ends the other sessions but not this one, and mails the member', async () => {
    const member = await createMember(t);
    const other = await newSession(t, member.user.id);
    const res = await asMember(t, member.cookie)('PUT', '/api/users/password', change(member.password));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const stored = await findUser(t.db, member.user.id);
    expect(await verifyPassword(stored!.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(stored!.passwordHash, member.password)).toBe(false);

    expect((await asMember(t, member.cookie)('GET', '/api/users/profile')).statusCode).toBe(200);
    expect((await asMember(t, other.cookie)('GET', '/api/users/profile')).statusCode).toBe(401);
    const sessions = await sessionsOf(t.db, member.user.id);
    expect(sessions.find((s) => s.id === member.sessionId)?.revokedAt).toBeNull();
    expect(sessions.find((s) => s.id === other.sessionId)?.revokedAt).toBeInstanceOf(Date);

    const mail = await waitForOutbox(t.db, member.user.email, { channel: 'email' });
    expect(mail.subject).toMatch(/password/i);
  });

  it('refuses a wrong current password with wrong_password on currentPassword, changing nothing', async () => {
    const member = await createMember(t);
    const other = await newSession(t, member.user.id);
    const res = await asMember(t, member.cookie)('PUT', '/api/users/password', change('not-my-password'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: 'wrong_password',
      issues: [{ path: 'currentPassword', code: 'wrong_password' }],
    });
    expect(await findUser(t.db, member.user.id)).toEqual(member.user);
    expect((await asMember(t, other.cookie)('GET', '/api/users/profile')).statusCode).toBe(200);
  });

  it('refuses one of the 1,000 most common passwords', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)(
      'PUT',
      '/api/users/password',
      change(member.password, 'Sunshine'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      expect.objectContaining({ path: 'password', code: 'password_too_common' }),
    ]);
    expect(await findUser(t.db, member.user.id)).toEqual(member.user);
  });

  it.each([
    ['a confirmation that differs', { confirmation: 'something-else' }, 'confirmation', 'password_mismatch'],
    ['a new password too short', { password: 'abc', confirmation: 'abc' }, 'password', 'password_too_short'],
    [
      'a new password too long',
      { password: 'x'.repeat(129), confirmation: 'x'.repeat(129) },
      'password',
      'password_too_long',
    ],
    ['no new password', { password: '', confirmation: '' }, 'password', 'password_required'],
    ['no current password', { currentPassword: '' }, 'currentPassword', 'password_required'],
  ])('refuses %s', async (_name, override, path, code) => {
    const member = await createMember(t);
    const body = { ...change(member.password), ...override };
    const res = await asMember(t, member.cookie)('PUT', '/api/users/password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, code }));
    expect(await findUser(t.db, member.user.id)).toEqual(member.user);
  });

  it('slows down password guessing: the 11th try within a minute from one address gets 429', async () => {
    const member = await createMember(t);
    const ip = randomIp();
    const as = asMember(t, member.cookie);
    for (let i = 0; i < 10; i++) {
      const res = await as('PUT', '/api/users/password', change(`guess-${i}`), ip);
      expect(res.statusCode).toBe(400);
    }
    const limited = await as('PUT', '/api/users/password', change(member.password), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await findUser(t.db, member.user.id)).toEqual(member.user);
    // Another address is not affected.
    expect((await as('PUT', '/api/users/password', change(member.password))).statusCode).toBe(204);
  });
});
