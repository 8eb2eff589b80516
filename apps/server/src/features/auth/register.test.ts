import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { VALIDATION_MESSAGES, type ValidationMessageKey } from '@motema/shared/validation';
import { oneTimeCodes, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  birthDate,
  codeIn,
  outboxTo,
  register,
  registrationBody,
  waitForOutbox,
} from '../../test/factories.ts';

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const stored = async () => {
    const [accounts] = await t.db.select({ n: count() }).from(users);
    const [codes] = await t.db.select({ n: count() }).from(oneTimeCodes);
    return { accounts: accounts!.n, codes: codes!.n };
  };

  it('creates a pending account and mails a code and a link to /otp', async () => {
    const body = registrationBody({ firstName: 'Grace', sex: 'female' });
    const res = await register(t, body, { host: 'motema.local:3000' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: body.email });

    const [user] = await t.db.select().from(users).where(eq(users.username, body.username));
    expect(user).toMatchObject({ status: 'pending', email: body.email, firstName: 'Grace', language: 'en' });
    expect(user!.emailConfirmedAt).toBeNull();
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);

    const mail = await waitForOutbox(t.db, body.email);
    expect(mail.subject).toBe('Welcome to Motema! Confirm your e-mail');
    expect(mail.text).toContain('Hello Grace,');
    expect(codeIn(mail.text)).toMatch(/^\d{6}$/);
    const link = /http\S+/.exec(mail.text)![0];
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://motema.local:3000/otp');
    expect(url.searchParams.get('email')).toBe(body.email);
    expect(url.searchParams.get('token')!.length).toBeGreaterThanOrEqual(40);
    expect(mail.html).toContain('#E0474C');
  });

  const INVALID: [string, Record<string, unknown>, string, ValidationMessageKey][] = [
    ['no username', { username: undefined }, 'username', 'username_required'],
    ['an empty username', { username: '  ' }, 'username', 'username_required'],
    ['a username of 2 characters', { username: 'ab' }, 'username', 'username_too_short'],
    ['a username of 21 characters', { username: 'a'.repeat(21) }, 'username', 'username_too_long'],
    ['a username starting with a digit', { username: '1kofi' }, 'username', 'username_start_letter'],
    ['a username starting with an accent', { username: 'élodie' }, 'username', 'username_accented_letter'],
    ['a username with a dash', { username: 'kofi-mensah' }, 'username', 'username_characters'],
    ['a username with a space', { username: 'kofi mensah' }, 'username', 'username_characters'],
    ['a reserved username', { username: 'admin' }, 'username', 'username_reserved'],
    ['a reserved username in capitals', { username: 'AdMiN' }, 'username', 'username_reserved'],
    ['a username starting with motema', { username: 'MotemaTeam' }, 'username', 'username_reserved'],
    ['no e-mail', { email: undefined }, 'email', 'email_required'],
    ['an empty e-mail', { email: '' }, 'email', 'email_required'],
    ['a malformed e-mail', { email: 'kofi.example.com' }, 'email', 'email_invalid'],
    ['no password', { password: undefined }, 'password', 'password_required'],
    ['a password of 3 characters', { password: 'a1!' }, 'password', 'password_too_short'],
    ['a password of 129 characters', { password: 'x'.repeat(129) }, 'password', 'password_too_long'],
    ['a common password', { password: 'password' }, 'password', 'password_too_common'],
    ['a common password in capitals', { password: 'SunShine' }, 'password', 'password_too_common'],
    ['no date of birth', { dateOfBirth: undefined }, 'dateOfBirth', 'date_of_birth_required'],
    ['an impossible date', { dateOfBirth: '2001-02-30' }, 'dateOfBirth', 'invalid_date'],
    ['the day before the 18th birthday', { dateOfBirth: birthDate(18, 1) }, 'dateOfBirth', 'underage'],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', 'terms_required'],
    ['terms missing', { acceptTerms: undefined }, 'acceptTerms', 'terms_required'],
  ];

  it.each(INVALID)('refuses %s with its message and stores nothing', async (_name, change, path, code) => {
    const before = await stored();
    const body = registrationBody(change);
    const res = await register(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path, code, message: VALIDATION_MESSAGES[code] }),
    );
    expect(await stored()).toEqual(before);
    expect(await outboxTo(t.db, String(body.email ?? ''))).toEqual([]);
  });

  it('accepts a member on their 18th birthday', async () => {
    const res = await register(t, registrationBody({ dateOfBirth: birthDate(18) }));
    expect(res.statusCode).toBe(202);
  });

  it('refuses a username taken in another case, keeping the first account', async () => {
    const first = registrationBody({ username: `Kofi${Date.now() % 100000}` });
    expect((await register(t, first)).statusCode).toBe(202);
    const before = await stored();
    const res = await register(t, registrationBody({ username: first.username.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'username', code: 'username_taken', message: VALIDATION_MESSAGES.username_taken },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('answers a taken username the same with an e-mail in use and a new one (decision 0034)', async () => {
    const owner = registrationBody();
    expect((await register(t, owner)).statusCode).toBe(202);
    await waitForOutbox(t.db, owner.email);
    const before = await stored();
    const withOwnersEmail = registrationBody({ username: owner.username, email: owner.email });
    const withNewEmail = registrationBody({ username: owner.username });
    const [inUse, fresh] = [await register(t, withOwnersEmail), await register(t, withNewEmail)];
    expect(inUse.statusCode).toBe(400);
    expect(fresh.statusCode).toBe(400);
    expect(inUse.json()).toEqual(fresh.json());
    expect(inUse.json().issues.map((issue: { code: string }) => issue.code)).toEqual(['username_taken']);
    expect(await stored()).toEqual(before);
    expect(await outboxTo(t.db, owner.email)).toHaveLength(1);
    expect(await outboxTo(t.db, withNewEmail.email)).toEqual([]);
  });

  it('reports a taken username and a common password together', async () => {
    const first = registrationBody();
    await register(t, first);
    const res = await register(t, registrationBody({ username: first.username, password: 'qwerty' }));
    expect(
      res
        .json()
        .issues.map((issue: { code: string }) => issue.code)
        .sort(),
    ).toEqual(['password_too_common', 'username_taken']);
  });

  it('answers an e-mail already registered (in any case) exactly like a new one and tells its owner', async () => {
    const first = registrationBody({ language: 'fr' });
    const created = await register(t, first);
    await waitForOutbox(t.db, first.email);
    const before = await stored();

    const again = registrationBody({ email: first.email.toUpperCase() });
    const res = await register(t, again);
    expect(res.statusCode).toBe(created.statusCode);
    expect(res.json()).toEqual({ email: first.email });
    expect(Object.keys(res.headers).sort()).toEqual(Object.keys(created.headers).sort());
    expect(await stored()).toEqual(before);

    const notice = await waitForOutbox(t.db, first.email, { count: 2 });
    expect(notice.subject).toBe('Quelqu’un a essayé de s’inscrire avec votre adresse e-mail');
    expect(notice.text).toContain('/login');
    expect(notice.text).toContain('/reset-password');
    const [row] = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${first.email}`);
    expect(row!.username).toBe(first.username);
  });

  it('writes the mail in the chosen language, else the Accept-Language one', async () => {
    const french = registrationBody({ language: 'fr' });
    await register(t, french, { 'accept-language': 'ro' });
    expect((await waitForOutbox(t.db, french.email)).subject).toBe(
      'Bienvenue sur Motema\u202f! Confirmez votre adresse e-mail',
    );

    const romanian = registrationBody();
    await register(t, romanian, { 'accept-language': 'de-DE,ro;q=0.8,en;q=0.5' });
    const mail = await waitForOutbox(t.db, romanian.email);
    expect(mail.subject).toBe('Bine ați venit pe Motema! Confirmați adresa de e-mail');
    const [user] = await t.db.select().from(users).where(eq(users.email, romanian.email));
    expect(user!.language).toBe('ro');

    const other = registrationBody();
    await register(t, other, { 'accept-language': 'de-DE' });
    expect((await waitForOutbox(t.db, other.email)).subject).toBe('Welcome to Motema! Confirm your e-mail');
  });
});
