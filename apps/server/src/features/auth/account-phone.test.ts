import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, codeIn, createMember, findUser, otherCode, waitForOutbox } from '../../test/factories.ts';

describe('changing the phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['DR Congo', '+243 81 234 5678', undefined, '+243812345678'],
    ['Cameroon', '+237 6 71 23 45 67', undefined, '+237671234567'],
    ["Côte d'Ivoire", '+225 07 08 09 10 11', undefined, '+2250708091011'],
    ['Nigeria', '+234 802 123 4567', undefined, '+2348021234567'],
    ['DR Congo, national format', '081 234 5678', 'CD', '+243812345678'],
    ['Nigeria, national format', '0802-123-4567', 'ng', '+2348021234567'],
  ])('texts a code to a %s number, normalised to E.164', async (_name, phone, country, expected) => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('POST', '/api/users/phone', {
      password: member.password,
      phone,
      ...(country ? { country } : {}),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ phone: expected });
    const sms = await waitForOutbox(t.db, expected, { channel: 'sms' });
    expect(sms.text).toMatch(/\b\d{6}\b/);
    const [code] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.user.id));
    expect(code).toMatchObject({ purpose: 'change_phone', target: expected });
    expect((await findUser(t.db, member.user.id))?.phone).toBeNull();
  });

  it('stores the number once the texted code comes back', async () => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    expect(
      (await as('POST', '/api/users/phone', { password: member.password, phone: '+243 99 765 4321' }))
        .statusCode,
    ).toBe(202);
    const code = codeIn((await waitForOutbox(t.db, '+243997654321', { channel: 'sms' })).text);

    const wrong = await as('POST', '/api/users/phone/confirm', { code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('code_invalid');
    expect((await findUser(t.db, member.user.id))?.phone).toBeNull();

    const res = await as('POST', '/api/users/phone/confirm', { code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: member.user.id, phone: '+243997654321' });
    expect((await findUser(t.db, member.user.id))?.phone).toBe('+243997654321');
  });

  it.each([
    ['too short for its country', '+243 12', undefined],
    ['national without a country', '081 234 5678', undefined],
    ['national in the wrong country', '081 234 5678', 'NG'],
    ['letters', 'call me maybe', 'CD'],
    ['too short to be a number', '12', undefined],
  ])('refuses a number %s with phone_invalid on phone', async (_name, phone, country) => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('POST', '/api/users/phone', {
      password: member.password,
      phone,
      ...(country ? { country } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'phone', code: 'phone_invalid' })]);
    expect(await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.user.id))).toEqual([]);
  });

  it('refuses a country that is not an ISO code', async () => {
    const member = await createMember(t);
    const body = { password: member.password, phone: '081 234 5678', country: 'COD' };
    const res = await asMember(t, member.cookie)('POST', '/api/users/phone', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: 'country', code: 'invalid_value' }),
    );
  });

  it('refuses a number used by another account, however it is written', async () => {
    await createMember(t, { phone: '+237699887766' });
    const member = await createMember(t);
    for (const [phone, country] of [['+237 6 99 88 77 66'], ['699887766', 'CM'], ['00237699887766']]) {
      const res = await asMember(t, member.cookie)('POST', '/api/users/phone', {
        password: member.password,
        phone,
        country,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'phone_taken',
        issues: [{ path: 'phone', code: 'phone_taken' }],
      });
    }
  });

  it('refuses at confirmation a number another account took meanwhile', async () => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    expect(
      (await as('POST', '/api/users/phone', { password: member.password, phone: '+2348031112222' }))
        .statusCode,
    ).toBe(202);
    const code = codeIn((await waitForOutbox(t.db, '+2348031112222', { channel: 'sms' })).text);
    await createMember(t, { phone: '+2348031112222' });
    const res = await as('POST', '/api/users/phone/confirm', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('phone_taken');
    expect((await findUser(t.db, member.user.id))?.phone).toBeNull();
  });

  it('refuses a wrong password before reading the number', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('POST', '/api/users/phone', {
      password: 'wrong-password',
      phone: '+243 81 234 5678',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'wrong_password',
      issues: [{ path: 'password', code: 'wrong_password' }],
    });
    expect(await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.user.id))).toEqual([]);
  });
});
