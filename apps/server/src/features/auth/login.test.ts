import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MeSchema } from '@motema/shared/users';
import { ONE_TIME_CODE_RESEND_INTERVAL_MS } from '@motema/shared/limits';
import { oneTimeCodes, users } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  asMember,
  createMember,
  login,
  register,
  registrationBody,
  sessionCookieOf,
  uniqueUsername,
  waitForOutbox,
} from '../../test/factories.ts';

describe('POST /api/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const profileWith = (cookie: string) => asMember(t, cookie)('GET', '/api/users/profile');

  it('logs in with the username in any case and sets a safe session cookie', async () => {
    const member = await createMember(t, { username: uniqueUsername('Zola') });
    const res = await login(t, member.user.username.toUpperCase(), member.password);
    expect(res.statusCode).toBe(200);
    expect(MeSchema.parse(res.json())._id).toBe(member.user.id);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^motema_session=[\w-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect((await profileWith(sessionCookieOf(res)!)).json().username).toBe(member.user.username);
  });

  it("tells the device the member's language with the session, in the cookie the page reads", async () => {
    const member = await createMember(t, { language: 'fr' });
    const res = await login(t, member.user.username, member.password);
    const language = res.cookies.find((cookie) => cookie.name === 'motema_language');
    expect(language).toMatchObject({ value: 'fr', path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 });
    expect(language?.httpOnly).toBeUndefined();
  });

  it('logs in with the e-mail in any case', async () => {
    const member = await createMember(t);
    const res = await login(t, `  ${member.user.email.toUpperCase()} `, member.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(member.user.id);
  });

  it('logs in with the phone, with or without spaces and the plus sign', async () => {
    const member = await createMember(t, { phone: '+243812345678' });
    for (const identifier of ['+243812345678', '+243 812 345 678', '243 81 234 56 78', '00243812345678']) {
      const res = await login(t, identifier, member.password);
      expect(res.statusCode, identifier).toBe(200);
      expect(res.json()._id).toBe(member.user.id);
    }
  });

  it('answers an unknown account and a wrong password with the same status and bytes', async () => {
    const member = await createMember(t);
    const wrong = await login(t, member.user.username, 'not-the-password');
    const unknownUser = await login(t, uniqueUsername('ghost'), 'not-the-password');
    const unknownEmail = await login(t, 'ghost@example.com', member.password);
    const unknownPhone = await login(t, '+999 000 111', member.password);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      statusCode: 401,
      code: 'invalid_credentials',
      message: 'Invalid identifier or password',
    });
    for (const res of [unknownUser, unknownEmail, unknownPhone]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(wrong.body);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('tells a pending account it is not active only after the right password, with the e-mail its code goes to, and resends a code when due', async () => {
    const body = registrationBody();
    await register(t, body);
    await waitForOutbox(t.db, body.email);
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    const codeIds = async () =>
      (await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user!.id))).map((row) => row.id);
    const firstCodes = await codeIds();

    const wrong = await login(t, body.username, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');

    const right = await login(t, body.username, body.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      statusCode: 403,
      code: 'account_not_active',
      message: 'Your account is not active. Please check your email for more information',
      email: body.email,
    });
    expect(right.headers['set-cookie']).toBeUndefined();
    expect(await codeIds()).toEqual(firstCodes);

    clock.advance(ONE_TIME_CODE_RESEND_INTERVAL_MS + 1000);
    const byEmail = await login(t, body.email.toUpperCase(), body.password);
    expect(byEmail.statusCode).toBe(403);
    expect(byEmail.json().email).toBe(body.email);
    const newCodes = await codeIds();
    expect(newCodes).toHaveLength(1);
    expect(newCodes).not.toEqual(firstCodes);
    const mail = await waitForOutbox(t.db, body.email, { count: 2 });
    expect(mail.subject).toBe('Welcome to Motema! Confirm your e-mail');
  });

  it('reactivates a deactivated account with the right password only', async () => {
    const member = await createMember(t, { status: 'deactivated' });
    const wrong = await login(t, member.user.username, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    const status = async () =>
      (await t.db.select().from(users).where(eq(users.id, member.user.id)))[0]!.status;
    expect(await status()).toBe('deactivated');

    const res = await login(t, member.user.username, member.password);
    expect(res.statusCode).toBe(200);
    expect(await status()).toBe('active');
    expect((await profileWith(sessionCookieOf(res)!)).statusCode).toBe(200);
  });

  it('refuses a malformed body with field issues', async () => {
    const res = await login(t, '', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'identifier', code: 'required' }),
        expect.objectContaining({ path: 'password', code: 'password_required' }),
      ]),
    );
  });
});
