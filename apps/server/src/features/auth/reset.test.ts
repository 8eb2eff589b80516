import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ONE_TIME_CODE_TTL_MS } from '@motema/shared/limits';
import { VALIDATION_MESSAGES } from '@motema/shared/validation';
import { oneTimeCodes, sessions } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  asMember,
  codeIn,
  createMember,
  login,
  loginCookie,
  otherCode,
  outboxTo,
  waitFor,
  waitForOutbox,
} from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { CODE_REQUESTS_QUEUE } from './code-requests.service.ts';
import { wrongTriesAt } from './codes.service.ts';

const NEW_PASSWORD = 'Lubumbashi-sunrise-7';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/auth/password/${url}`, remoteAddress: randomIp(), payload });
  const profileWith = (cookie: string) => asMember(t, cookie)('GET', '/api/users/profile');

  /** Waits until the queue has handled every code request (asking for a code only queues it). */
  const codeRequestsHandled = () =>
    waitFor(async () => {
      const { rows } = await t.db.$client.query<{ waiting: string }>(
        `select count(*) as waiting from pgboss.job where name = $1 and state < 'completed'`,
        [CODE_REQUESTS_QUEUE],
      );
      return Number(rows[0]!.waiting) === 0 || undefined;
    }, 'the code requests');

  it('sends a code by mail, verifies it, resets, ends every session and mails a notice', async () => {
    const member = await createMember(t, { language: 'fr' });
    const otherDevice = await loginCookie(t, member.user.username, member.password);
    expect((await profileWith(member.cookie)).statusCode).toBe(200);

    const sent = await post('send', { identifier: member.user.username, channel: 'email' });
    expect(sent.statusCode).toBe(202);
    const mail = await waitForOutbox(t.db, member.user.email);
    expect(mail.subject).toBe('Votre code de réinitialisation Motema');
    const code = codeIn(mail.text);

    const verified = await post('verify', { identifier: member.user.email, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ valid: true });

    const reset = await post('reset', {
      identifier: member.user.username,
      code,
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(204);
    expect(reset.body).toBe('');

    for (const cookie of [member.cookie, otherDevice]) {
      const res = await profileWith(cookie);
      expect(res.statusCode).toBe(401);
    }
    const live = (await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).filter(
      (s) => !s.revokedAt,
    );
    expect(live).toEqual([]);

    expect((await login(t, member.user.username, member.password)).statusCode).toBe(401);
    expect((await login(t, member.user.username, NEW_PASSWORD)).statusCode).toBe(200);

    const notice = await waitForOutbox(t.db, member.user.email, { count: 2 });
    expect(notice.subject).toBe('Votre mot de passe Motema a été modifié');

    const reused = await post('reset', {
      identifier: member.user.username,
      code,
      password: 'Another-one-9',
      confirmation: 'Another-one-9',
    });
    expect(reused.json().code).toBe('code_invalid');
  });

  it('sends the code by SMS to the phone of the account', async () => {
    const member = await createMember(t, { phone: '+243820000001' });
    expect((await post('send', { identifier: '+243 820 000 001', channel: 'phone' })).statusCode).toBe(202);
    const sms = await waitForOutbox(t.db, '+243820000001');
    expect(sms.channel).toBe('sms');
    expect(sms.text).toMatch(/^Motema: your password reset code is \d{6}\./);
    const code = codeIn(sms.text);
    const reset = await post('reset', {
      identifier: member.user.email,
      code,
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(204);
    expect((await login(t, '+243820000001', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 202 and sends nothing for an unknown account or a missing phone', async () => {
    const member = await createMember(t);
    const known = await post('send', { identifier: member.user.username, channel: 'phone' });
    const unknown = await post('send', { identifier: 'ghost@example.com', channel: 'email' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    await codeRequestsHandled();
    const codes = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.user.id));
    expect(codes).toEqual([]);
    expect(await outboxTo(t.db, 'ghost@example.com')).toEqual([]);
  });

  it('answers codes for an unknown account exactly like a wrong code', async () => {
    const member = await createMember(t);
    await post('send', { identifier: member.user.email });
    const code = codeIn((await waitForOutbox(t.db, member.user.email)).text);
    const wrong = await post('verify', { identifier: member.user.email, code: otherCode(code) });
    const unknown = await post('verify', { identifier: 'ghost@example.com', code });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().code).toBe('code_invalid');
    const unknownReset = await post('reset', {
      identifier: 'ghost',
      code,
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(unknownReset.body).toBe(wrong.body);
  });

  it('sends a new code when the code has expired', async () => {
    const member = await createMember(t);
    await post('send', { identifier: member.user.email, channel: 'email' });
    const code = codeIn((await waitForOutbox(t.db, member.user.email)).text);
    clock.advance(ONE_TIME_CODE_TTL_MS + 1000);
    const res = await post('verify', { identifier: member.user.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code_expired');
    const fresh = codeIn((await waitForOutbox(t.db, member.user.email, { count: 2 })).text);
    expect((await post('verify', { identifier: member.user.email, code: fresh })).statusCode).toBe(200);
  });

  it('compares at most 5 of 9 concurrent guesses from one address; the owner keeps the code', async () => {
    const member = await createMember(t);
    await post('send', { identifier: member.user.username });
    const code = codeIn((await waitForOutbox(t.db, member.user.email)).text);
    const ip = randomIp();
    const verify = (guess: string, from = ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/verify',
        remoteAddress: from,
        payload: { identifier: member.user.username, code: guess },
      });
    const guesses = Array.from({ length: 9 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    // Nine, so that the tenth (the right code) stays within the address's 10 requests a minute.
    const answers = await Promise.all(guesses.map((guess) => verify(guess)));
    const codes = answers.map((res) => `${res.statusCode} ${res.json().code}`);
    expect(codes.filter((c) => c === '400 code_invalid')).toHaveLength(4);
    expect(codes.filter((c) => c === '429 code_too_many_tries')).toHaveLength(5);
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.user.id));
    expect(await wrongTriesAt(t.db, row!.id)).toBe(5);
    expect((await verify(code)).json().code).toBe('code_too_many_tries');
    expect((await verify(code, randomIp())).statusCode).toBe(200);
  });

  it('refuses a common new password without using up the code', async () => {
    const member = await createMember(t);
    await post('send', { identifier: member.user.username });
    const code = codeIn((await waitForOutbox(t.db, member.user.email)).text);
    const res = await post('reset', {
      identifier: member.user.username,
      code,
      password: 'Iloveyou',
      confirmation: 'Iloveyou',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'password', code: 'password_too_common', message: VALIDATION_MESSAGES.password_too_common },
    ]);
    expect((await post('verify', { identifier: member.user.username, code })).statusCode).toBe(200);
    expect((await login(t, member.user.username, member.password)).statusCode).toBe(200);
  });

  it('refuses a confirmation that does not match', async () => {
    const res = await post('reset', {
      identifier: 'someone',
      code: '123456',
      password: NEW_PASSWORD,
      confirmation: 'other',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: 'confirmation', code: 'password_mismatch' }),
    );
  });
});
