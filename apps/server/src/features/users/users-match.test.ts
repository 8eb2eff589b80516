import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, findUser } from '../../test/factories.ts';

const VALID_MATCH = { sex: ['female', 'non_binary'], ageMin: 25, ageMax: 40, distance: 50 };

describe('match preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  it('PUT /users/match stores the preferences and answers Me', async () => {
    const { cookie, user } = await createMember(t);
    const res = await asMember(t, cookie)('PUT', '/api/users/match', VALID_MATCH);
    expect(res.statusCode).toBe(200);
    expect(res.json().match).toEqual({ ...VALID_MATCH, verifiedOnly: false });
    expect(await findUser(t.db, user.id)).toMatchObject({
      matchSex: ['female', 'non_binary'],
      matchAgeMin: 25,
      matchAgeMax: 40,
      matchDistance: 50,
    });
  });

  it('accepts the limits and an equal minimum and maximum, and drops repeated sexes', async () => {
    const { cookie } = await createMember(t);
    const narrow = { sex: ['male', 'male'], ageMin: 18, ageMax: 18, distance: 500 };
    const res = await asMember(t, cookie)('PUT', '/api/users/match', narrow);
    expect(res.statusCode).toBe(200);
    expect(res.json().match).toEqual({
      sex: ['male'],
      ageMin: 18,
      ageMax: 18,
      distance: 500,
      verifiedOnly: false,
    });
    const wide = { sex: ['female', 'non_binary', 'male'], ageMin: 18, ageMax: 120, distance: 1 };
    const again = await asMember(t, cookie)('PUT', '/api/users/match', wide);
    expect(again.statusCode).toBe(200);
    expect(again.json().match).toEqual({ ...wide, verifiedOnly: false });
  });

  it.each([
    ['no sex chosen', { sex: [] }, 'sex', 'match_sex_required'],
    ['sex missing', { sex: undefined }, 'sex', 'invalid_value'],
    ['sex not a list', { sex: 'female' }, 'sex', 'invalid_value'],
    ['an unknown sex', { sex: ['female', 'robot'] }, 'sex.1', 'sex_required'],
    ['more sexes than exist', { sex: ['male', 'female', 'non_binary', 'male'] }, 'sex', 'invalid_value'],
    ['ageMin below 18', { ageMin: 17 }, 'ageMin', 'invalid_value'],
    ['ageMin above 120', { ageMin: 121, ageMax: 121 }, 'ageMin', 'invalid_value'],
    ['ageMin not a number', { ageMin: 'twenty' }, 'ageMin', 'must_be_numeric'],
    ['ageMin not whole', { ageMin: 20.5 }, 'ageMin', 'must_be_numeric'],
    ['ageMin missing', { ageMin: undefined }, 'ageMin', 'must_be_numeric'],
    ['ageMax below 18', { ageMin: 18, ageMax: 17 }, 'ageMax', 'invalid_value'],
    ['ageMax above 120', { ageMax: 121 }, 'ageMax', 'invalid_value'],
    ['ageMax not a number', { ageMax: '40' }, 'ageMax', 'must_be_numeric'],
    ['ageMin above ageMax', { ageMin: 41, ageMax: 40 }, 'ageMax', 'age_range_invalid'],
    ['distance 0', { distance: 0 }, 'distance', 'invalid_value'],
    ['distance negative', { distance: -5 }, 'distance', 'invalid_value'],
    ['distance above 500', { distance: 501 }, 'distance', 'invalid_value'],
    ['distance not a number', { distance: null }, 'distance', 'must_be_numeric'],
  ])('refuses %s and changes nothing', async (_name, change, path, code) => {
    const { cookie, user } = await createMember(t, { matchSex: ['male'], matchAgeMin: 30, matchAgeMax: 35 });
    const res = await asMember(t, cookie)('PUT', '/api/users/match', { ...VALID_MATCH, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, code }));
    expect(await findUser(t.db, user.id)).toEqual(user);
  });

  it('ignores fields other than the preferences', async () => {
    const { cookie, user } = await createMember(t);
    const res = await asMember(t, cookie)('PUT', '/api/users/match', {
      ...VALID_MATCH,
      status: 'deactivated',
      firstName: 'Other',
      premium: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await findUser(t.db, user.id)).toMatchObject({ status: 'active', firstName: user.firstName });
  });
});

describe('the age rule, checked by the server on its own clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  it('refuses a birth date that is 18 years ago only by the client-side schema', async () => {
    const { cookie, user } = await createMember(t);
    const now = new Date();
    const dateOfBirth = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()))
      .toISOString()
      .slice(0, 10);
    // The shared schema (the web form's check) uses the machine's date; the service uses the server
    // clock, moved back two days here: for the server the member is still 17.
    clock.advance(-2 * 24 * 3600 * 1000);
    const body = { firstName: 'Kofi', dateOfBirth, sex: 'male' };
    const res = await asMember(t, cookie)('PUT', '/api/users/profile', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'dateOfBirth', code: 'underage' })]);
    expect(await findUser(t.db, user.id)).toEqual(user);
  });
});
