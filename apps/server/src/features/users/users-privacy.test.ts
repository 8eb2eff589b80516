import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile, idsOf } from '../../test/discovery-factories.ts';
import { asMember, createMember, findUser } from '../../test/factories.ts';

describe('Settings > Privacy: discreet mode, one setting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('PATCH /users/privacy turns it on and off, and Settings > Notifications shows and sets the same value', async () => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    const on = await as('PATCH', '/api/users/privacy', { discreet: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ discreet: true });
    expect((await findUser(t.db, member.user.id))?.discreet).toBe(true);
    expect((await as('GET', '/api/notifications/settings')).json()).toMatchObject({ discreet: true });

    // Set from the notification settings: the member's one setting changes, the other choices stay.
    const off = await as('PUT', '/api/notifications/settings', { discreet: false, emailDigest: false });
    expect(off.json()).toMatchObject({ discreet: false, emailDigest: false });
    expect((await as('GET', '/api/users/profile')).json()).toMatchObject({ discreet: false });
    await as('PUT', '/api/notifications/settings', { discreet: true });
    expect((await findUser(t.db, member.user.id))?.discreet).toBe(true);
    expect((await as('GET', '/api/notifications/settings')).json()).toMatchObject({
      discreet: true,
      emailDigest: false,
    });
  });

  it.each([
    ['a discreet that is no boolean', { discreet: 'yes' }],
    ['no setting at all', {}],
    ['a role besides (mass assignment)', { discreet: true, role: 'admin' }],
    ['a verification besides', { discreet: true, verificationRequired: false, verifiedAt: '2026-01-01' }],
    ['a status besides', { discreet: true, status: 'active', suspendedUntil: null }],
  ])('refuses %s with a stable code, and changes nothing', async (_what, body) => {
    const member = await createMember(t, { verificationRequired: true, status: 'active' });
    const res = await asMember(t, member.cookie)('PATCH', '/api/users/privacy', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ code: 'invalid_value' })],
    });
    expect(await findUser(t.db, member.user.id)).toMatchObject({
      discreet: false,
      role: 'member',
      verificationRequired: true,
      verifiedAt: null,
      updatedAt: member.user.updatedAt,
    });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/privacy',
      payload: { discreet: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('match preferences: verified members only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const PREFERENCES = { sex: ['female'], ageMin: 18, ageMax: 99, distance: 500 };

  it('shows verified members only in the lists and the deck while on, and stays as set when left out', async () => {
    const viewer = await createProfile(t, { sex: 'male', wants: ['female'] });
    const verified = await createProfile(t, { verifiedAt: new Date() });
    const unverified = await createProfile(t);
    const as = asMember(t, viewer.cookie);
    const ids = async () => ({
      users: await idsOf(t, viewer, 'users'),
      near: await idsOf(t, viewer, 'near'),
      deck: await idsOf(t, viewer, 'users', { unrated: true }),
    });
    expect(await ids()).toEqual({
      users: expect.arrayContaining([verified.user.id, unverified.user.id]),
      near: expect.arrayContaining([verified.user.id, unverified.user.id]),
      deck: expect.arrayContaining([verified.user.id, unverified.user.id]),
    });

    const on = await as('PUT', '/api/users/match', { ...PREFERENCES, verifiedOnly: true });
    expect(on.json().match).toEqual({ ...PREFERENCES, verifiedOnly: true });
    for (const list of Object.values(await ids())) {
      expect(list).toContain(verified.user.id);
      expect(list).not.toContain(unverified.user.id);
    }
    // Preferences saved without it keep it on (an older app's form).
    const kept = await as('PUT', '/api/users/match', { ...PREFERENCES, distance: 400 });
    expect(kept.json().match).toMatchObject({ distance: 400, verifiedOnly: true });

    await as('PUT', '/api/users/match', { ...PREFERENCES, verifiedOnly: false });
    expect(await idsOf(t, viewer, 'users')).toContain(unverified.user.id);
  });

  it('refuses a verifiedOnly that is no boolean, and changes nothing', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('PUT', '/api/users/match', {
      ...PREFERENCES,
      verifiedOnly: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      expect.objectContaining({ path: 'verifiedOnly', code: 'invalid_value' }),
    ]);
    expect(await findUser(t.db, member.user.id)).toMatchObject({
      matchVerifiedOnly: false,
      matchDistance: 100,
    });
  });
});
