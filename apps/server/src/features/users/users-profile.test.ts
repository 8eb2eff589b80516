import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeSchema } from '@motema/shared/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, birthDate, createMember, findUser, type Member } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';

const VALID_PROFILE = {
  firstName: 'Grace',
  lastName: 'Mbuyi',
  dateOfBirth: '1994-02-10',
  sex: 'female',
  relationship: 'single',
  orientation: 'heterosexual',
  about: 'I love rumba and long walks by the river.',
};

describe('the member profile', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createMember(t);
  });
  afterAll(() => t.close());

  it('GET /users/profile answers the member as Me', async () => {
    const res = await asMember(t, member.cookie)('GET', '/api/users/profile');
    expect(res.statusCode).toBe(200);
    const me = MeSchema.parse(res.json());
    expect(me).toMatchObject({
      _id: member.user.id,
      username: member.user.username,
      email: member.user.email,
      firstName: 'Amani',
      name: 'Amani Kabila',
      sex: 'female',
      language: 'en',
      match: { sex: ['male', 'female', 'non_binary'], ageMin: 18, ageMax: 99, distance: 100 },
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect(res.json()).not.toHaveProperty('status');
  });

  it('refuses every route without a session (401)', async () => {
    const routes = [
      ['GET', '/api/users/profile'],
      ['PUT', '/api/users'],
      ['PUT', '/api/users/profile'],
      ['PUT', '/api/users/match'],
      ['PUT', '/api/users/password'],
      ['POST', '/api/users/email'],
      ['POST', '/api/users/email/confirm'],
      ['POST', '/api/users/phone'],
      ['POST', '/api/users/phone/confirm'],
      ['POST', '/api/users/deactivate'],
      ['DELETE', '/api/users'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url, payload: {}, remoteAddress: randomIp() });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    const forged = await asMember(t, 'motema_session=forged-token')('GET', '/api/users/profile');
    expect(forged.statusCode).toBe(401);
  });

  it('PUT /users changes the interface language', async () => {
    const { cookie, user } = await createMember(t);
    const res = await asMember(t, cookie)('PUT', '/api/users', { language: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('fr');
    expect((await findUser(t.db, user.id))?.language).toBe('fr');
  });

  it.each([{ language: 'de' }, { language: '' }, {}])('PUT /users refuses %j', async (body) => {
    const { cookie, user } = await createMember(t, { language: 'ro' });
    const res = await asMember(t, cookie)('PUT', '/api/users', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: 'language', code: 'language_invalid' }),
    );
    expect((await findUser(t.db, user.id))?.language).toBe('ro');
  });

  it('PUT /users/profile replaces the profile and answers Me', async () => {
    const { cookie, user } = await createMember(t);
    const res = await asMember(t, cookie)('PUT', '/api/users/profile', VALID_PROFILE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...VALID_PROFILE, name: 'Grace Mbuyi', age: expect.any(Number) });
    const stored = await findUser(t.db, user.id);
    expect(stored).toMatchObject({ firstName: 'Grace', dateOfBirth: '1994-02-10', relationship: 'single' });
    expect(stored!.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime());
  });

  it('PUT /users/profile trims, and clears the optional fields left out', async () => {
    const { cookie, user } = await createMember(t, {
      relationship: 'married',
      orientation: 'gay',
      about: 'old',
    });
    const body = { firstName: '  Jean  ', dateOfBirth: '1990-01-01', sex: 'male' };
    const res = await asMember(t, cookie)('PUT', '/api/users/profile', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Jean', lastName: null, name: 'Jean', about: '' });
    expect(await findUser(t.db, user.id)).toMatchObject({ relationship: null, orientation: null, about: '' });
  });

  it('accepts a member whose 18th birthday is today', async () => {
    const { cookie } = await createMember(t);
    const res = await asMember(t, cookie)('PUT', '/api/users/profile', {
      ...VALID_PROFILE,
      dateOfBirth: birthDate(18),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().age).toBe(18);
  });

  const long = (n: number) => 'a'.repeat(n);
  it.each([
    ['firstName missing', { firstName: undefined }, 'firstName', 'invalid_value'],
    ['firstName empty', { firstName: '' }, 'firstName', 'first_name_required'],
    ['firstName blank', { firstName: '   ' }, 'firstName', 'first_name_required'],
    ['firstName too long', { firstName: long(51) }, 'firstName', 'max_length'],
    ['firstName not a string', { firstName: 42 }, 'firstName', 'invalid_value'],
    ['lastName too long', { lastName: long(51) }, 'lastName', 'max_length'],
    ['dateOfBirth missing', { dateOfBirth: undefined }, 'dateOfBirth', 'date_of_birth_required'],
    ['dateOfBirth empty', { dateOfBirth: '' }, 'dateOfBirth', 'date_of_birth_required'],
    ['dateOfBirth not a date', { dateOfBirth: '2001-02-30' }, 'dateOfBirth', 'invalid_date'],
    ['dateOfBirth in another format', { dateOfBirth: '10/02/1994' }, 'dateOfBirth', 'invalid_date'],
    ['dateOfBirth too old', { dateOfBirth: '1890-01-01' }, 'dateOfBirth', 'invalid_date'],
    ['dateOfBirth under 18', { dateOfBirth: birthDate(18, 1) }, 'dateOfBirth', 'underage'],
    ['dateOfBirth a child', { dateOfBirth: birthDate(12) }, 'dateOfBirth', 'underage'],
    ['dateOfBirth in the future', { dateOfBirth: birthDate(-1) }, 'dateOfBirth', 'underage'],
    ['sex missing', { sex: undefined }, 'sex', 'sex_required'],
    ['sex unknown', { sex: 'other' }, 'sex', 'sex_required'],
    ['relationship unknown', { relationship: 'dating' }, 'relationship', 'invalid_value'],
    ['orientation unknown', { orientation: 'straight' }, 'orientation', 'invalid_value'],
    ['about too long', { about: long(501) }, 'about', 'max_length'],
    ['about not a string', { about: ['x'] }, 'about', 'invalid_value'],
  ])('refuses %s and changes nothing', async (_name, change, path, code) => {
    const { cookie, user } = await createMember(t);
    const res = await asMember(t, cookie)('PUT', '/api/users/profile', { ...VALID_PROFILE, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, code }));
    expect(await findUser(t.db, user.id)).toEqual(user);
  });

  it('gives the length in max_length issues', async () => {
    const { cookie } = await createMember(t);
    const res = await asMember(t, cookie)('PUT', '/api/users/profile', {
      ...VALID_PROFILE,
      about: long(501),
    });
    expect(res.json().issues).toContainEqual({
      path: 'about',
      code: 'max_length',
      count: 500,
      message: 'Must not exceed 500 characters',
    });
  });

  it('ignores fields the profile route does not own (no mass assignment)', async () => {
    const { cookie, user } = await createMember(t);
    const attempt = {
      ...VALID_PROFILE,
      status: 'deactivated',
      email: 'taken-over@example.com',
      phone: '+243812345678',
      username: 'hijacked',
      passwordHash: 'x',
      language: 'ro',
      connected: true,
      matchAgeMin: 60,
      id: '00000000-0000-0000-0000-000000000000',
      _id: '00000000-0000-0000-0000-000000000000',
      createdAt: '2000-01-01T00:00:00.000Z',
    };
    const res = await asMember(t, cookie)('PUT', '/api/users/profile', attempt);
    expect(res.statusCode).toBe(200);
    const stored = await findUser(t.db, user.id);
    expect(stored).toMatchObject({
      id: user.id,
      status: 'active',
      email: user.email,
      phone: null,
      username: user.username,
      passwordHash: user.passwordHash,
      language: 'en',
      connected: false,
      matchAgeMin: 18,
      createdAt: user.createdAt,
      firstName: 'Grace',
    });
  });

  it('refuses a body that is not JSON or too large', async () => {
    const { cookie } = await createMember(t);
    const notJson = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"firstName":',
      remoteAddress: randomIp(),
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await asMember(t, cookie)('PUT', '/api/users/profile', {
      ...VALID_PROFILE,
      about: long(70_000),
    });
    expect(huge.statusCode).toBe(413);
  });
});
