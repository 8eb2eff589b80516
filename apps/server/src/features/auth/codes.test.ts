import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ONE_TIME_CODE_MAX_TRIES,
  ONE_TIME_CODE_RESEND_INTERVAL_MS,
  ONE_TIME_CODE_TTL_MS,
} from '@motema/shared/limits';
import { oneTimeCodes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, otherCode } from '../../test/factories.ts';
import { checkCode, consumeCode, consumeLinkToken, issueCode, wrongTriesAt } from './codes.service.ts';

/** The AppError a promise rejects with (fails the test when it resolves or throws something else). */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('one-time codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const newMember = async () => (await createMember(t, { status: 'pending' })).user;
  const rowsOf = (userId: string) =>
    t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId)));

  it('issues 6 random digits and stores only a hash', async () => {
    const user = await newMember();
    const { code, linkToken } = await issueCode(t.db, {
      userId: user.id,
      purpose: 'confirm_email',
      target: user.email,
      withLink: true,
    });
    expect(code).toMatch(/^\d{6}$/);
    expect(linkToken!.length).toBeGreaterThanOrEqual(43);
    const [row] = await rowsOf(user.id);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.linkTokenHash).not.toBe(linkToken);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(ONE_TIME_CODE_TTL_MS);
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      clock.advance(ONE_TIME_CODE_RESEND_INTERVAL_MS);
      codes.add((await issueCode(t.db, { userId: user.id, purpose: 'reset_password', target: 'x' })).code);
    }
    expect(codes.size).toBeGreaterThan(15);
  });

  it('is single use', async () => {
    const user = await newMember();
    const { code } = await issueCode(t.db, {
      userId: user.id,
      purpose: 'change_email',
      target: 'new@example.com',
    });
    await expect(consumeCode(t.db, { userId: user.id, purpose: 'change_email', code })).resolves.toEqual({
      target: 'new@example.com',
    });
    const again = await failure(consumeCode(t.db, { userId: user.id, purpose: 'change_email', code }));
    expect([again.statusCode, again.code]).toEqual([400, 'code_invalid']);
  });

  it('belongs to one purpose and one member', async () => {
    const user = await newMember();
    const other = await newMember();
    const { code } = await issueCode(t.db, {
      userId: user.id,
      purpose: 'reset_password',
      target: user.email,
    });
    expect((await failure(consumeCode(t.db, { userId: user.id, purpose: 'confirm_email', code }))).code).toBe(
      'code_invalid',
    );
    expect(
      (await failure(consumeCode(t.db, { userId: other.id, purpose: 'reset_password', code }))).code,
    ).toBe('code_invalid');
    await expect(
      consumeCode(t.db, { userId: user.id, purpose: 'reset_password', code }),
    ).resolves.toBeDefined();
  });

  it('expires after 10 minutes', async () => {
    const user = await newMember();
    const { code, linkToken } = await issueCode(t.db, {
      userId: user.id,
      purpose: 'confirm_email',
      target: user.email,
      withLink: true,
    });
    clock.advance(ONE_TIME_CODE_TTL_MS - 1000);
    await expect(checkCode(t.db, { userId: user.id, purpose: 'confirm_email', code })).resolves.toBeDefined();
    clock.advance(2000);
    const expired = await failure(consumeCode(t.db, { userId: user.id, purpose: 'confirm_email', code }));
    expect([expired.statusCode, expired.code]).toEqual([400, 'code_expired']);
    expect((await failure(consumeLinkToken(t.db, 'confirm_email', linkToken!))).code).toBe('code_expired');
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    const user = await newMember();
    const { code } = await issueCode(t.db, {
      userId: user.id,
      purpose: 'reset_password',
      target: user.email,
    });
    const answers: string[] = [];
    for (let i = 0; i < ONE_TIME_CODE_MAX_TRIES + 1; i++) {
      answers.push(
        (
          await failure(
            consumeCode(t.db, { userId: user.id, purpose: 'reset_password', code: otherCode(code) }),
          )
        ).code,
      );
    }
    expect(answers).toEqual([
      'code_invalid',
      'code_invalid',
      'code_invalid',
      'code_invalid',
      'code_too_many_tries',
      'code_too_many_tries',
    ]);
    expect(
      (await failure(consumeCode(t.db, { userId: user.id, purpose: 'reset_password', code }))).code,
    ).toBe('code_too_many_tries');
    const [row] = await rowsOf(user.id);
    expect(await wrongTriesAt(t.db, row!.id)).toBe(ONE_TIME_CODE_MAX_TRIES);
    expect(row!.usedAt).toBeNull();
  });

  it('counts 10 concurrent wrong guesses as 5 tries at most', async () => {
    const user = await newMember();
    const { code } = await issueCode(t.db, { userId: user.id, purpose: 'confirm_email', target: user.email });
    const wrongCodes = Array.from({ length: 10 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.allSettled(
      wrongCodes.map((guess) =>
        consumeCode(t.db, { userId: user.id, purpose: 'confirm_email', code: guess }),
      ),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).code : 'accepted'));
    expect(codes.filter((c) => c === 'code_invalid')).toHaveLength(ONE_TIME_CODE_MAX_TRIES - 1);
    expect(codes.filter((c) => c === 'code_too_many_tries')).toHaveLength(10 - (ONE_TIME_CODE_MAX_TRIES - 1));
    const [row] = await rowsOf(user.id);
    expect(await wrongTriesAt(t.db, row!.id)).toBe(ONE_TIME_CODE_MAX_TRIES);
    expect((await failure(consumeCode(t.db, { userId: user.id, purpose: 'confirm_email', code }))).code).toBe(
      'code_too_many_tries',
    );
  });

  it('lets only one of two concurrent right answers use the code', async () => {
    const user = await newMember();
    const { code } = await issueCode(t.db, {
      userId: user.id,
      purpose: 'change_phone',
      target: '+243811111111',
    });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => consumeCode(t.db, { userId: user.id, purpose: 'change_phone', code })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a resend within the interval with 429 and Retry-After, then replaces the old code', async () => {
    const user = await newMember();
    const first = await issueCode(t.db, { userId: user.id, purpose: 'reset_password', target: user.email });
    clock.advance(20_000);
    const tooSoon = await failure(
      issueCode(t.db, { userId: user.id, purpose: 'reset_password', target: user.email }),
    );
    expect([tooSoon.statusCode, tooSoon.code]).toEqual([429, 'code_resend_too_soon']);
    expect(Number(tooSoon.headers!['retry-after'])).toBe((ONE_TIME_CODE_RESEND_INTERVAL_MS - 20_000) / 1000);

    // Another purpose is not held back.
    await expect(
      issueCode(t.db, { userId: user.id, purpose: 'change_email', target: 'a@example.com' }),
    ).resolves.toBeDefined();

    clock.advance(ONE_TIME_CODE_RESEND_INTERVAL_MS);
    const second = await issueCode(t.db, { userId: user.id, purpose: 'reset_password', target: user.email });
    if (second.code !== first.code) {
      const old = await failure(
        consumeCode(t.db, { userId: user.id, purpose: 'reset_password', code: first.code }),
      );
      expect(old.code).toBe('code_invalid');
    }
    await expect(
      consumeCode(t.db, { userId: user.id, purpose: 'reset_password', code: second.code }),
    ).resolves.toEqual({ target: user.email });
  });

  it('refuses concurrent issues within the interval: exactly one code is made', async () => {
    const user = await newMember();
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() =>
        issueCode(t.db, { userId: user.id, purpose: 'change_email', target: 'b@example.com' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('uses a link token once, and not for another purpose', async () => {
    const user = await newMember();
    const { linkToken } = await issueCode(t.db, {
      userId: user.id,
      purpose: 'confirm_email',
      target: user.email,
      withLink: true,
    });
    expect((await failure(consumeLinkToken(t.db, 'reset_password', linkToken!))).code).toBe('code_invalid');
    await expect(consumeLinkToken(t.db, 'confirm_email', linkToken!)).resolves.toEqual({
      userId: user.id,
      target: user.email,
    });
    expect((await failure(consumeLinkToken(t.db, 'confirm_email', linkToken!))).code).toBe('code_invalid');
  });

  it('checkCode keeps a right code usable but counts wrong tries', async () => {
    const user = await newMember();
    const { code } = await issueCode(t.db, {
      userId: user.id,
      purpose: 'reset_password',
      target: user.email,
    });
    await checkCode(t.db, { userId: user.id, purpose: 'reset_password', code });
    await failure(checkCode(t.db, { userId: user.id, purpose: 'reset_password', code: otherCode(code) }));
    expect(await wrongTriesAt(t.db, (await rowsOf(user.id))[0]!.id)).toBe(1);
    await expect(
      consumeCode(t.db, { userId: user.id, purpose: 'reset_password', code }),
    ).resolves.toBeDefined();
  });
});
