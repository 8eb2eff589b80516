import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MeSchema } from '@motema/shared/users';
import { ONE_TIME_CODE_TTL_MS } from '@motema/shared/limits';
import { users } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, codeIn, otherCode, registrationBody, sessionCookieOf } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../test/smtp-inbox.ts';

const PUBLIC_URL = 'https://motema.example';

describe('confirming the e-mail (mail through a real SMTP server)', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ smtpUrl: inbox.url, env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  afterEach(() => clock.reset());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, remoteAddress: randomIp(), payload });

  /** Registers and returns the body and the nth mail it receives. */
  async function registerAndReadMail(overrides: Record<string, unknown> = {}) {
    const body = registrationBody(overrides);
    expect((await post('/api/auth/register', body)).statusCode).toBe(202);
    const mail = await inbox.waitFor((m) => m.to.includes(body.email));
    return { body, mail };
  }
  const mailsTo = (email: string) => inbox.messages.filter((m) => m.to.includes(email));
  const linkToken = (mail: ReceivedMail) => {
    const link = new URL(/https:\/\/motema\.example\/otp\?\S+/.exec(mail.text)![0]);
    return link.searchParams.get('token')!;
  };
  const profileWith = (cookie: string) => asMember(t, cookie)('GET', '/api/users/profile');

  it('follows the link token from the mail: active, logged in, answered with Me', async () => {
    const { body, mail } = await registerAndReadMail({ firstName: 'Nadia' });
    expect(mail.from).toBe('no-reply@motema.app');
    expect(mail.text).toContain(`${PUBLIC_URL}/otp?token=`);
    expect(mail.text).toContain(`email=${encodeURIComponent(body.email)}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/otp?token=`);
    expect(mail.html).toContain('&amp;email=');

    const before = sessionCookieOf(
      await post('/api/auth/login', { identifier: body.username, password: body.password }),
    );
    expect(before).toBeUndefined();

    const res = await post('/api/auth/confirm', { token: linkToken(mail) });
    expect(res.statusCode).toBe(200);
    const me = MeSchema.parse(res.json());
    expect(me).toMatchObject({ username: body.username, email: body.email, firstName: 'Nadia' });
    const cookie = sessionCookieOf(res)!;
    expect(cookie).toBeDefined();
    expect((await profileWith(cookie)).json()._id).toBe(me._id);

    const [user] = await t.db.select().from(users).where(eq(users.id, me._id));
    expect(user!.status).toBe('active');
    expect(user!.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('confirms with the 6-digit code and the e-mail in any case', async () => {
    const { body, mail } = await registerAndReadMail();
    const res = await post('/api/auth/confirm', { email: body.email.toUpperCase(), code: codeIn(mail.text) });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(body.username);
    expect((await profileWith(sessionCookieOf(res)!)).statusCode).toBe(200);
  });

  it('uses a code or its link once only; the link opened again says the account is already confirmed', async () => {
    const { body, mail } = await registerAndReadMail();
    expect((await post('/api/auth/confirm', { token: linkToken(mail) })).statusCode).toBe(200);
    const again = await post('/api/auth/confirm', { token: linkToken(mail) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      code: 'account_already_confirmed',
      message: 'Your account is already confirmed. You can log in.',
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    // The typed code names an account by its e-mail only: it stays a plain wrong code (decision 0014).
    const code = await post('/api/auth/confirm', { email: body.email, code: codeIn(mail.text) });
    expect(code.json().code).toBe('code_invalid');
  });

  it('answers an unknown e-mail exactly like a wrong code', async () => {
    const { body, mail } = await registerAndReadMail();
    const wrong = await post('/api/auth/confirm', { email: body.email, code: otherCode(codeIn(mail.text)) });
    const unknown = await post('/api/auth/confirm', { email: 'nobody-here@example.com', code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'code_invalid',
      message: 'This code is not valid',
    });
    const badToken = await post('/api/auth/confirm', { token: 'x'.repeat(43) });
    expect(badToken.body).toBe(wrong.body);
  });

  it('mails a fresh code when the code has expired, and the fresh one works', async () => {
    const { body, mail } = await registerAndReadMail();
    clock.advance(ONE_TIME_CODE_TTL_MS + 1000);
    const res = await post('/api/auth/confirm', { email: body.email, code: codeIn(mail.text) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code_expired');

    const fresh = await inbox.waitFor((m) => m.to.includes(body.email) && m !== mail);
    expect(codeIn(fresh.text)).not.toBe('');
    expect(mailsTo(body.email)).toHaveLength(2);
    const ok = await post('/api/auth/confirm', { email: body.email, code: codeIn(fresh.text) });
    expect(ok.statusCode).toBe(200);
  });

  it('mails a fresh code when a link has expired', async () => {
    const { body, mail } = await registerAndReadMail();
    clock.advance(ONE_TIME_CODE_TTL_MS + 1000);
    const res = await post('/api/auth/confirm', { token: linkToken(mail) });
    expect(res.json().code).toBe('code_expired');
    const fresh = await inbox.waitFor((m) => m.to.includes(body.email) && m !== mail);
    expect((await post('/api/auth/confirm', { token: linkToken(fresh) })).statusCode).toBe(200);
  });

  it('gives an address 5 wrong tries, and kills the code and its link after 10 from everyone', async () => {
    const { body, mail } = await registerAndReadMail();
    const code = codeIn(mail.text);
    const tryFrom = (ip: string, guess: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm',
        remoteAddress: ip,
        payload: { email: body.email, code: guess },
      });
    for (const ip of [randomIp(), randomIp()]) {
      const answers: string[] = [];
      for (let i = 1; i <= 5; i++) {
        const res = await tryFrom(ip, otherCode(code));
        answers.push(`${res.statusCode} ${res.json().code}`);
      }
      expect(answers).toEqual([
        '400 code_invalid',
        '400 code_invalid',
        '400 code_invalid',
        '400 code_invalid',
        '429 code_too_many_tries',
      ]);
    }
    const right = await post('/api/auth/confirm', { email: body.email, code });
    expect([right.statusCode, right.json().code]).toEqual([400, 'code_too_many_tries']);
    expect((await post('/api/auth/confirm', { token: linkToken(mail) })).json().code).toBe(
      'code_too_many_tries',
    );
  });

  it('resends a code to a pending account only, answering 202 whatever the e-mail', async () => {
    const { body, mail } = await registerAndReadMail();
    const soon = await post('/api/auth/confirm/resend', { email: body.email });
    expect(soon.statusCode).toBe(202);
    const unknown = await post('/api/auth/confirm/resend', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(soon.body);

    clock.advance(61_000);
    expect((await post('/api/auth/confirm/resend', { email: body.email })).statusCode).toBe(202);
    const fresh = await inbox.waitFor((m) => m.to.includes(body.email) && m !== mail);
    expect(mailsTo(body.email)).toHaveLength(2);
    const old = await post('/api/auth/confirm', { email: body.email, code: codeIn(mail.text) });
    if (codeIn(mail.text) !== codeIn(fresh.text)) expect(old.json().code).toBe('code_invalid');
    expect(
      (await post('/api/auth/confirm', { email: body.email, code: codeIn(fresh.text) })).statusCode,
    ).toBe(200);
  });

  it('gives field issues for a malformed body', async () => {
    const res = await post('/api/auth/confirm', { email: 'a@b.co', code: '12a' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});
