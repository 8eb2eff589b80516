import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  ONE_TIME_CODE_MAX_TRIES,
  ONE_TIME_CODE_MAX_TRIES_TOTAL,
  ONE_TIME_CODE_TTL_MS,
} from '@motema/shared/limits';
import { oneTimeCodes, oneTimeCodeTries, type UserRow } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  createMember,
  otherCode,
  outboxTo,
  uniqueUsername,
  waitFor,
  waitForOutbox,
} from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { issueCode, wrongTriesAt, type CodePurpose } from './codes.service.ts';

const NEW_PASSWORD = 'Kinshasa-rain-42';

/**
 * Tries at one-time codes from visitors (decision 0014): what a stranger can learn and do with wrong
 * codes, and what is left to the owner afterwards.
 */
describe('tries at one-time codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url: `/api/auth/${url}`, remoteAddress: ip, payload });

  /** A member with a live code of `purpose` (pending for a confirmation, with a phone for a reset). */
  async function memberWithCode(purpose: CodePurpose): Promise<{ user: UserRow; code: string }> {
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const { user } = await createMember(t, {
      status: purpose === 'confirm_email' ? 'pending' : 'active',
      phone: `+24381${digits}`,
    });
    const { code } = await issueCode(t.db, { userId: user.id, purpose, target: user.email, withLink: true });
    return { user, code };
  }

  /** The wrong tries from everyone at the member's code. */
  const wrongTries = async (userId: string) => {
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
    return wrongTriesAt(t.db, row!.id);
  };

  /**
   * What an answer shows a client, but the exact seconds of Retry-After and of the rate limit's reset
   * (compared apart, to the second: each counts from its own requester's first request, made a moment
   * apart, so a loaded machine can put a second's boundary between them).
   */
  function seen(res: LightMyRequestResponse) {
    const { 'retry-after': retryAfter, 'x-ratelimit-reset': reset, date: _date, ...headers } = res.headers;
    return {
      status: res.statusCode,
      body: res.body,
      headers,
      retryAfter: retryAfter !== undefined,
      reset: reset !== undefined,
    };
  }

  /** The routes where a visitor types a code, as a body naming an account and a code. */
  const ROUTES = [
    {
      url: 'confirm',
      purpose: 'confirm_email',
      body: (user: string, code: string) => ({ email: user, code }),
    },
    {
      url: 'password/verify',
      purpose: 'reset_password',
      body: (user: string, code: string) => ({ identifier: user, code }),
    },
    {
      url: 'password/reset',
      purpose: 'reset_password',
      body: (user: string, code: string) => ({
        identifier: user,
        code,
        password: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      }),
    },
  ] as const;

  it.each(ROUTES)(
    '$url answers wrong codes for an unknown account exactly as for a known one, through the 6th try',
    async ({ url, purpose, body }) => {
      const { user, code } = await memberWithCode(purpose);
      const unknown = `${uniqueUsername('nobody')}@example.com`;
      const [knownIp, unknownIp] = [randomIp(), randomIp()];
      for (let i = 1; i <= ONE_TIME_CODE_MAX_TRIES + 1; i++) {
        const known = await post(url, body(user.email, otherCode(code)), knownIp);
        const stranger = await post(url, body(unknown, otherCode(code)), unknownIp);
        expect(seen(stranger), `try ${i}`).toEqual(seen(known));
        const [a, b] = [known, stranger].map((res) => Number(res.headers['retry-after'] ?? 0));
        expect(Math.abs(a! - b!), `Retry-After of try ${i}`).toBeLessThanOrEqual(1);
        const [resetA, resetB] = [known, stranger].map((res) =>
          Number(res.headers['x-ratelimit-reset'] ?? 0),
        );
        expect(Math.abs(resetA! - resetB!), `the rate limit's reset at try ${i}`).toBeLessThanOrEqual(1);
        if (i < ONE_TIME_CODE_MAX_TRIES) {
          expect([known.statusCode, known.json().code]).toEqual([400, 'code_invalid']);
        } else {
          expect([known.statusCode, known.json().code]).toEqual([429, 'code_too_many_tries']);
          expect(a).toBeGreaterThan(ONE_TIME_CODE_TTL_MS / 1000 - 60);
          expect(a).toBeLessThanOrEqual(ONE_TIME_CODE_TTL_MS / 1000);
        }
      }
    },
  );

  it("lets the owner confirm from another address after a stranger's 5 wrong tries", async () => {
    const { user, code } = await memberWithCode('confirm_email');
    const stranger = randomIp();
    for (let i = 0; i < ONE_TIME_CODE_MAX_TRIES; i++) {
      await post('confirm', { email: user.email, code: otherCode(code) }, stranger);
    }
    const owner = await post('confirm', { email: user.email, code }, randomIp());
    expect(owner.statusCode).toBe(200);
    expect(owner.json().username).toBe(user.username);
  });

  it("lets the owner reset the password from another address after a stranger's 5 wrong tries", async () => {
    const { user, code } = await memberWithCode('reset_password');
    const stranger = randomIp();
    for (let i = 0; i < ONE_TIME_CODE_MAX_TRIES; i++) {
      await post('password/verify', { identifier: user.email, code: otherCode(code) }, stranger);
    }
    const owner = randomIp();
    expect((await post('password/verify', { identifier: user.email, code }, owner)).statusCode).toBe(200);
    const reset = await post(
      'password/reset',
      { identifier: user.username, code, password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
      owner,
    );
    expect(reset.statusCode).toBe(204);
  });

  it('gives one requester 5 guesses at a code, whatever it calls the account', async () => {
    const { user, code } = await memberWithCode('reset_password');
    const ip = randomIp();
    for (let i = 0; i < ONE_TIME_CODE_MAX_TRIES; i++) {
      await post('password/verify', { identifier: user.username, code: otherCode(code) }, ip);
    }
    // The right code is no longer even compared for this address: by username, e-mail or phone.
    for (const identifier of [user.username, user.email, user.phone!]) {
      const res = await post('password/verify', { identifier, code }, ip);
      expect(res.statusCode, identifier).not.toBe(200);
      expect(res.json().code, identifier).toMatch(/^code_(invalid|too_many_tries)$/);
    }
    const reset = await post(
      'password/reset',
      { identifier: user.email, code, password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
      ip,
    );
    expect(reset.json().code).toBe('code_invalid');
    expect(await wrongTries(user.id)).toBe(ONE_TIME_CODE_MAX_TRIES);
    // The code itself lives on for its owner.
    expect((await post('password/verify', { identifier: user.email, code }, randomIp())).statusCode).toBe(
      200,
    );
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const { user, code } = await memberWithCode('confirm_email');
    for (let i = 1; i <= ONE_TIME_CODE_MAX_TRIES; i++) {
      await post('confirm', { email: user.email, code: otherCode(code) }, `2001:db8:7:1::${i.toString(16)}`);
    }
    const sameNetwork = await post('confirm', { email: user.email, code }, '2001:db8:7:1:ffff::9');
    expect([sameNetwork.statusCode, sameNetwork.json().code]).toEqual([429, 'code_too_many_tries']);
    expect((await post('confirm', { email: user.email, code }, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('judges 10 concurrent guesses from one address as 5 tries at most', async () => {
    const { user, code } = await memberWithCode('reset_password');
    const ip = randomIp();
    const guesses = Array.from({ length: 10 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((guess) => post('password/verify', { identifier: user.email, code: guess }, ip)),
    );
    const seenCodes = answers.map((res) => `${res.statusCode} ${res.json().code}`);
    expect(seenCodes.filter((c) => c === '400 code_invalid')).toHaveLength(ONE_TIME_CODE_MAX_TRIES - 1);
    expect(seenCodes.filter((c) => c === '429 code_too_many_tries')).toHaveLength(
      10 - (ONE_TIME_CODE_MAX_TRIES - 1),
    );
    expect(await wrongTries(user.id)).toBe(ONE_TIME_CODE_MAX_TRIES);
  });

  it('kills a code after 10 wrong tries from all requesters: only the right code hears it', async () => {
    const { user, code } = await memberWithCode('confirm_email');
    for (let stranger = 0; stranger < ONE_TIME_CODE_MAX_TRIES_TOTAL / ONE_TIME_CODE_MAX_TRIES; stranger++) {
      const ip = randomIp();
      for (let i = 0; i < ONE_TIME_CODE_MAX_TRIES; i++) {
        await post('confirm', { email: user.email, code: otherCode(code) }, ip);
      }
    }
    expect(await wrongTries(user.id)).toBe(ONE_TIME_CODE_MAX_TRIES_TOTAL);
    const wrong = await post('confirm', { email: user.email, code: otherCode(code) }, randomIp());
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'code_invalid']);
    const owner = await post('confirm', { email: user.email, code }, randomIp());
    expect([owner.statusCode, owner.json().code]).toEqual([400, 'code_too_many_tries']);
  });

  it('answers a wrong code at an expired code as wrong, and sends nothing', async () => {
    const { user, code } = await memberWithCode('reset_password');
    clock.advance(ONE_TIME_CODE_TTL_MS + 1000);
    const wrong = await post(
      'password/verify',
      { identifier: user.email, code: otherCode(code) },
      randomIp(),
    );
    const unknown = await post(
      'password/verify',
      { identifier: `${uniqueUsername('nobody')}@example.com`, code: otherCode(code) },
      randomIp(),
    );
    expect(wrong.json().code).toBe('code_invalid');
    expect(unknown.body).toBe(wrong.body);
    const right = await post('password/verify', { identifier: user.email, code }, randomIp());
    expect(right.json().code).toBe('code_expired');
    // The only message is the fresh code the right (expired) code asked for.
    await waitForOutbox(t.db, user.email);
    expect(await outboxTo(t.db, user.email)).toHaveLength(1);
  });

  it('gives the owner a working code again after their own 5 wrong tries', async () => {
    const { user, code } = await memberWithCode('confirm_email');
    const ip = randomIp();
    for (let i = 0; i < ONE_TIME_CODE_MAX_TRIES; i++) {
      await post('confirm', { email: user.email, code: otherCode(code) }, ip);
    }
    const refused = await post('confirm', { email: user.email, code }, ip);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'code_too_many_tries']);
    clock.advance(61_000);
    const fresh = await issueCode(t.db, {
      userId: user.id,
      purpose: 'confirm_email',
      target: user.email,
    });
    expect((await post('confirm', { email: user.email, code: fresh.code }, ip)).statusCode).toBe(200);
  });

  it('forgets the try counters when their window has ended', async () => {
    const keys = async () => new Set((await t.db.select().from(oneTimeCodeTries)).map((row) => row.key));
    const before = await keys();
    const { user, code } = await memberWithCode('confirm_email');
    await post('confirm', { email: user.email, code: otherCode(code) }, randomIp());
    const counted = [...(await keys())].filter((key) => !before.has(key));
    expect(counted).toHaveLength(3); // the requester's tries at the code, all tries, the window

    // Tries sweep, at most once a minute: the next try after the window (and over a minute after
    // any sweep of the tests before, which moved the clock up to a window ahead) does.
    clock.advance(ONE_TIME_CODE_TTL_MS + 2 * 60_000);
    await post('confirm', { email: `${uniqueUsername('nobody')}@example.com`, code }, randomIp());
    await waitFor(async () => {
      const left = await keys();
      return counted.every((key) => !left.has(key)) || undefined;
    }, 'the ended counters to go');
  });
});
