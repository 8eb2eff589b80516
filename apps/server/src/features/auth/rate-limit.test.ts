import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';

/**
 * Route, allowed requests per address, the window in seconds and the nth body (invalid bodies count
 * too). Code tries name a new account each time: 5 wrong tries at one identifier are answered 429
 * code_too_many_tries before the address limit (code-tries.test.ts).
 */
const LIMITS: [string, number, number, (n: number) => object][] = [
  ['/api/auth/register', 10, 3600, () => ({})],
  ['/api/auth/login', 10, 60, (n) => ({ identifier: `nobody${n}`, password: 'wrong' })],
  ['/api/auth/confirm', 10, 60, (n) => ({ email: `nobody${n}@example.com`, code: '000000' })],
  ['/api/auth/confirm/resend', 5, 600, () => ({ email: 'nobody@example.com' })],
  ['/api/auth/password/send', 5, 600, () => ({ identifier: 'nobody', channel: 'email' })],
  ['/api/auth/password/verify', 10, 60, (n) => ({ identifier: `nobody${n}`, code: '000000' })],
  [
    '/api/auth/password/reset',
    10,
    60,
    (n) => ({ identifier: `nobody${n}`, code: '000000', password: 'x', confirmation: 'x' }),
  ],
];

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, remoteAddress, payload });

  it.each(LIMITS)(
    '%s allows %i requests per address, then 429 with Retry-After',
    async (url, max, windowS, body) => {
      const ip = randomIp();
      for (let i = 0; i < max; i++) {
        const res = await post(url, body(i), ip);
        expect(res.statusCode, `request ${i + 1}`).not.toBe(429);
      }
      const limited = await post(url, body(max), ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowS);

      const elsewhere = await post(url, body(max + 1), randomIp());
      expect(elsewhere.statusCode).not.toBe(429);
    },
  );

  it('limits logins per identifier too, whatever the address', async () => {
    const member = await createMember(t);
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/api/auth/login',
        { identifier: member.user.username, password: 'guess' + i },
        randomIp(),
      );
      expect(res.statusCode).toBe(401);
    }
    const limited = await post(
      '/api/auth/login',
      { identifier: ` ${member.user.username.toUpperCase()}`, password: member.password },
      randomIp(),
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    const someoneElse = await createMember(t);
    expect(
      (
        await post(
          '/api/auth/login',
          { identifier: someoneElse.user.username, password: someoneElse.password },
          randomIp(),
        )
      ).statusCode,
    ).toBe(200);
  });
});
