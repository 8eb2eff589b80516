import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, outbox } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, codeIn, createMember, findUser, otherCode, waitForOutbox } from '../../test/factories.ts';

describe('changing the e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends a code to the new address and changes the e-mail once the code comes back', async () => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    const res = await as('POST', '/api/users/email', {
      password: member.password,
      email: ' New.Address@Example.com ',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: 'new.address@example.com' });
    expect((await findUser(t.db, member.user.id))?.email).toBe(member.user.email);

    const mail = await waitForOutbox(t.db, 'new.address@example.com', { channel: 'email' });
    const code = codeIn(mail.text);
    const wrong = await as('POST', '/api/users/email/confirm', { code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('code_invalid');
    expect((await findUser(t.db, member.user.id))?.email).toBe(member.user.email);

    const confirmed = await as('POST', '/api/users/email/confirm', { code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ _id: member.user.id, email: 'new.address@example.com' });
    const stored = await findUser(t.db, member.user.id);
    expect(stored?.email).toBe('new.address@example.com');
    expect(stored?.emailConfirmedAt?.getTime()).toBeGreaterThan(member.user.emailConfirmedAt!.getTime());

    const reused = await as('POST', '/api/users/email/confirm', { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('code_invalid');
  });

  it('refuses a wrong password, sending nothing', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('POST', '/api/users/email', {
      password: 'wrong-password',
      email: 'someone.new@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'wrong_password',
      issues: [{ path: 'password', code: 'wrong_password' }],
    });
    expect(await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.user.id))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'someone.new@example.com'))).toEqual([]);
  });

  it('refuses an e-mail used by another account, whatever its case', async () => {
    await createMember(t, { email: 'Taken.Person@Example.com' });
    const member = await createMember(t);
    for (const email of ['taken.person@example.com', 'TAKEN.PERSON@EXAMPLE.COM']) {
      const res = await asMember(t, member.cookie)('POST', '/api/users/email', {
        password: member.password,
        email,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'email_taken',
        issues: [{ path: 'email', code: 'email_taken' }],
      });
    }
    expect(await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.user.id))).toEqual([]);
  });

  it('refuses at confirmation an address another account took meanwhile', async () => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    const email = 'contested@example.com';
    expect((await as('POST', '/api/users/email', { password: member.password, email })).statusCode).toBe(202);
    const code = codeIn((await waitForOutbox(t.db, email, { channel: 'email' })).text);
    await createMember(t, { email: 'Contested@example.com' });
    const res = await as('POST', '/api/users/email/confirm', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('email_taken');
    expect((await findUser(t.db, member.user.id))?.email).toBe(member.user.email);
  });

  it('refuses a second code within the resend interval', async () => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    const body = { password: member.password, email: 'twice@example.com' };
    expect((await as('POST', '/api/users/email', body)).statusCode).toBe(202);
    const again = await as('POST', '/api/users/email', body);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('code_resend_too_soon');
  });

  it('answers code_invalid when no change was asked for', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('POST', '/api/users/email/confirm', { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code_invalid');
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'email_invalid'],
    ['no e-mail', { email: '' }, 'email', 'email_required'],
    ['no password', { password: '' }, 'password', 'password_required'],
  ])('refuses %s', async (_name, override, path, code) => {
    const member = await createMember(t);
    const body = { password: member.password, email: 'fine@example.com', ...override };
    const res = await asMember(t, member.cookie)('POST', '/api/users/email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, code }));
  });

  it.each(['12345', '1234567', 'abcdef', ''])('refuses the malformed code %j', async (code) => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('POST', '/api/users/email/confirm', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path: 'code', code: 'code_invalid' }));
  });
});
