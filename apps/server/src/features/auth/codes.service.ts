import { randomUUID } from 'node:crypto';
import {
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_TRIES,
  ONE_TIME_CODE_RESEND_INTERVAL_MS,
  ONE_TIME_CODE_TTL_MS,
} from '@motema/shared/limits';
import type { DbOrTx } from '../../db/client.ts';
import type { CodePurpose, OneTimeCodeRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { newNumericCode, newToken, safeEqual, sha256 } from '../../lib/tokens.ts';
import * as repo from './codes.repository.ts';

export type { CodePurpose };

/** The code is bound to its row: the same 6 digits hash differently in every row. */
const hashCode = (id: string, code: string) => sha256(`${id}:${code}`);

/**
 * A new 6-digit code (and a link token when asked) for a member and purpose, valid 10 minutes.
 * Earlier unused codes of the same purpose stop working; a resend within the resend interval of the
 * previous code is refused with 429 code_resend_too_soon and a Retry-After header.
 */
export async function issueCode(
  db: DbOrTx,
  input: { userId: string; purpose: CodePurpose; target: string; withLink?: boolean },
): Promise<{ code: string; linkToken?: string }> {
  return db.transaction(async (tx) => {
    await repo.lockCodes(tx, input.userId, input.purpose);
    const now = clock.now();
    const previous = await repo.findLatestCode(tx, input.userId, input.purpose);
    if (previous) {
      const waitMs = previous.createdAt.getTime() + ONE_TIME_CODE_RESEND_INTERVAL_MS - now.getTime();
      if (waitMs > 0) {
        throw new AppError(429, 'code_resend_too_soon', {
          headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
        });
      }
    }
    await repo.deleteUnusedCodes(tx, input.userId, input.purpose);
    const id = randomUUID();
    const code = newNumericCode(ONE_TIME_CODE_LENGTH);
    const linkToken = input.withLink ? newToken() : undefined;
    await repo.insertCode(tx, {
      id,
      userId: input.userId,
      purpose: input.purpose,
      target: input.target,
      codeHash: hashCode(id, code),
      linkTokenHash: linkToken ? sha256(linkToken) : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ONE_TIME_CODE_TTL_MS),
    });
    return linkToken ? { code, linkToken } : { code };
  });
}

function assertAlive(row: OneTimeCodeRow, now: Date): void {
  if (row.tries >= ONE_TIME_CODE_MAX_TRIES) throw badRequest('code_too_many_tries');
  if (row.expiresAt.getTime() <= now.getTime()) throw badRequest('code_expired');
}

/**
 * Uses the member's code: single use; expired -> 400 code_expired; wrong -> 400 code_invalid, and the
 * wrong try that reaches the limit (and anything after it) -> 400 code_too_many_tries. Tries are
 * counted atomically, so concurrent wrong guesses never add up to more than the limit.
 */
export async function consumeCode(
  db: DbOrTx,
  input: { userId: string; purpose: CodePurpose; code: string },
): Promise<{ target: string }> {
  return checkOrConsume(db, input, true);
}

/** Like consumeCode, but a right code stays usable (a reset checks the code before the new password). */
export async function checkCode(
  db: DbOrTx,
  input: { userId: string; purpose: CodePurpose; code: string },
): Promise<{ target: string }> {
  return checkOrConsume(db, input, false);
}

async function checkOrConsume(
  db: DbOrTx,
  input: { userId: string; purpose: CodePurpose; code: string },
  use: boolean,
): Promise<{ target: string }> {
  const now = clock.now();
  const row = await repo.findUnusedCode(db, input.userId, input.purpose);
  if (!row) throw badRequest('code_invalid');
  assertAlive(row, now);
  if (safeEqual(hashCode(row.id, input.code.trim()), row.codeHash)) {
    if (!use || (await repo.markCodeUsed(db, row.id, ONE_TIME_CODE_MAX_TRIES, now)))
      return { target: row.target };
    // Used by a concurrent request, or killed by concurrent wrong guesses.
    const latest = await repo.findUnusedCode(db, input.userId, input.purpose);
    throw badRequest(latest?.id === row.id ? 'code_too_many_tries' : 'code_invalid');
  }
  const tries = await repo.countWrongTry(db, row.id, ONE_TIME_CODE_MAX_TRIES);
  if (tries === undefined || tries >= ONE_TIME_CODE_MAX_TRIES) throw badRequest('code_too_many_tries');
  throw badRequest('code_invalid');
}

/** Where the member's current (unused) code of a purpose was sent, if there is one. */
export async function currentCodeTarget(
  db: DbOrTx,
  userId: string,
  purpose: CodePurpose,
): Promise<string | undefined> {
  return (await repo.findUnusedCode(db, userId, purpose))?.target;
}

/** Uses the code behind a mail's link token (same life as its code: one use, expiry, tries). */
export async function consumeLinkToken(
  db: DbOrTx,
  purpose: CodePurpose,
  token: string,
): Promise<{ userId: string; target: string }> {
  const now = clock.now();
  const row = await repo.findCodeByLinkHash(db, purpose, sha256(token));
  if (!row || row.usedAt) throw badRequest('code_invalid');
  assertAlive(row, now);
  if (!(await repo.markCodeUsed(db, row.id, ONE_TIME_CODE_MAX_TRIES, now))) throw badRequest('code_invalid');
  return { userId: row.userId, target: row.target };
}

/** Whose code a link token is, whatever its state (to send a fresh code after an expired link). */
export async function findLinkTokenOwner(
  db: DbOrTx,
  purpose: CodePurpose,
  token: string,
): Promise<{ userId: string; target: string } | undefined> {
  const row = await repo.findCodeByLinkHash(db, purpose, sha256(token));
  return row ? { userId: row.userId, target: row.target } : undefined;
}
