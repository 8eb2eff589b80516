import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ONE_TIME_CODE_MAX_TRIES,
  ONE_TIME_CODE_RESEND_INTERVAL_MS,
  ONE_TIME_CODE_TTL_MS,
} from '@motema/shared/limits';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, codeIn, createMember, otherCode, waitForOutbox } from '../../test/factories.ts';

/**
 * An e-mail or phone change under way is kept by the server (its code's row): the settings screen asks
 * for it after a reload, to show the code step again with when a new code may be asked.
 */
describe('a contact change under way (GET /api/users/{email,phone}/pending)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const changes = [
    ['email', { email: 'pending@example.com' }, 'pending@example.com', 'email'],
    ['phone', { phone: '+243 81 555 0101' }, '+243815550101', 'sms'],
  ] as const;

  it.each(changes)(
    'answers the %s change under way until it is confirmed',
    async (kind, body, target, channel) => {
      const member = await createMember(t);
      const as = asMember(t, member.cookie);
      const pending = () => as('GET', `/api/users/${kind}/pending`);
      expect((await pending()).statusCode).toBe(204);

      const asked = Date.now();
      expect(
        (await as('POST', `/api/users/${kind}`, { password: member.password, ...body })).statusCode,
      ).toBe(202);
      const seen = await pending();
      expect(seen.statusCode).toBe(200);
      const { expiresAt, resendAt, ...rest } = seen.json();
      expect(rest).toEqual({ [kind]: target });
      expect(Date.parse(resendAt) - asked).toBeGreaterThanOrEqual(ONE_TIME_CODE_RESEND_INTERVAL_MS - 1);
      expect(Date.parse(resendAt) - Date.now()).toBeLessThanOrEqual(ONE_TIME_CODE_RESEND_INTERVAL_MS);
      expect(Date.parse(expiresAt) - Date.parse(resendAt)).toBe(
        ONE_TIME_CODE_TTL_MS - ONE_TIME_CODE_RESEND_INTERVAL_MS,
      );
      // After a reload the screen still knows the change: asked again, the same answer.
      expect((await pending()).json()).toEqual(seen.json());

      // Asking again at once: refused, with when a new code may be asked (the body's `until`).
      const again = await as('POST', `/api/users/${kind}`, { password: member.password, ...body });
      expect([again.statusCode, again.json().code]).toEqual([429, 'code_resend_too_soon']);
      expect(again.json().until).toBe(resendAt);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

      const code = codeIn((await waitForOutbox(t.db, target, { channel })).text);
      expect((await as('POST', `/api/users/${kind}/confirm`, { code })).statusCode).toBe(200);
      expect((await pending()).statusCode).toBe(204);
    },
  );

  it.each(changes)('forgets the %s change once its code expired or was tried too often', async (kind) => {
    // Another address or number than the first test's, which its member made theirs.
    const other = kind === 'email' ? { email: 'later@example.com' } : { phone: '+243 81 555 0202' };
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    const ask = () => as('POST', `/api/users/${kind}`, { password: member.password, ...other });
    const pending = () => as('GET', `/api/users/${kind}/pending`);
    expect((await ask()).statusCode).toBe(202);
    clock.advance(ONE_TIME_CODE_TTL_MS);
    expect((await pending()).statusCode).toBe(204);

    expect((await ask()).statusCode).toBe(202);
    expect((await pending()).statusCode).toBe(200);
    for (let i = 0; i < ONE_TIME_CODE_MAX_TRIES; i += 1) {
      await as('POST', `/api/users/${kind}/confirm`, { code: otherCode('000000') });
    }
    expect((await pending()).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${kind}/pending` })).statusCode).toBe(401);
  });
});
