import { randomUUID } from 'node:crypto';
import {
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_TRIES,
  ONE_TIME_CODE_MAX_TRIES_TOTAL,
  ONE_TIME_CODE_RESEND_INTERVAL_MS,
  ONE_TIME_CODE_TTL_MS,
} from '@motema/shared/limits';
import type { DbOrTx } from '../../db/client.ts';
import type { CodePurpose, OneTimeCodeRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { newNumericCode, newToken, safeEqual, sha256 } from '../../lib/tokens.ts';
import type { AccountKey } from './accounts.repository.ts';
import * as repo from './codes.repository.ts';
import { timeFloor } from './time-floor.ts';

export type { CodePurpose };

/** The code is bound to its row: the same 6 digits hash differently in every row. */
const hashCode = (id: string, code: string) => sha256(`${id}:${code}`);

/** The requester of the codes a logged-in member asked for (e-mail or phone change): the member. */
const MEMBER = 'member';

/**
 * A wrong try is answered no sooner than this after it came in. The same statements run for known
 * and unknown accounts, but the database still finds a row a little slower than no row (some 20 to
 * 50 microseconds here); waiting out a floor well above the whole try's time leaves nothing of it
 * to measure. The floor must hold on a busy machine too, where a try takes several times as long
 * (10 ms was passed often enough there for the timing test to see the difference): a wrong code is
 * answered 25 ms after it came in, which nobody typing a code notices.
 */
const WRONG_TRY_FLOOR_MS = 25;

/** Compared when there is no code, so that a miss does the same work as a wrong guess. */
const NO_CODE_ID = '00000000-0000-0000-0000-000000000000';
const NO_CODE_HASH = hashCode(NO_CODE_ID, newNumericCode(ONE_TIME_CODE_LENGTH));

/** When a new code of this one's member and purpose may be asked. */
const resendAtOf = (row: OneTimeCodeRow) =>
  new Date(row.createdAt.getTime() + ONE_TIME_CODE_RESEND_INTERVAL_MS);

/**
 * A new 6-digit code (and a link token when asked) for a member and purpose, valid 10 minutes.
 * Earlier unused codes of the same purpose stop working; a resend within the resend interval of the
 * previous code is refused with 429 code_resend_too_soon, a Retry-After header and `until`.
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
      const resendAt = resendAtOf(previous);
      const waitMs = resendAt.getTime() - now.getTime();
      if (waitMs > 0) {
        throw new AppError(429, 'code_resend_too_soon', {
          headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
          until: resendAt.toISOString(),
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

/** The account a right code belongs to, and where the code was sent. */
export type CodeOwner = { userId: string; target: string };

type Attempt = { account: AccountKey; purpose: CodePurpose; code: string; requester: string };

/** An account as typed, read the way the account lookup reads it. */
const identifierOf = ({ kind, value }: AccountKey) =>
  `${kind}:${kind === 'phone' ? value : value.toLowerCase()}`;

/**
 * The counters a try counts on: the requester's tries at the code and all tries at the code (for
 * an unknown account, or one without a live code, counters of that identifier instead: nothing
 * reads them, but they cost the same), and, for visitors, the requester's window at the identifier.
 */
function tryKeys(row: OneTimeCodeRow | undefined, attempt: Attempt, withWindow: boolean): repo.TryKeys {
  const subject = row ? `code:${row.id}` : `none:${attempt.purpose}:${identifierOf(attempt.account)}`;
  const window = `window:${attempt.purpose}:${identifierOf(attempt.account)}:${attempt.requester}`;
  return {
    mine: sha256(`${subject}:requester:${attempt.requester}`),
    total: sha256(subject),
    window: withWindow ? sha256(window) : null,
  };
}

/**
 * What a try comes to. Only a try with the right digits can be told apart from a wrong one
 * ('right', 'expired', 'dead'): whoever does not hold the code learns nothing from the answer.
 */
type Outcome =
  { kind: 'right' | 'expired' | 'dead'; row: OneTimeCodeRow } | { kind: 'wrong'; counts: repo.TryCounts };

/**
 * Counts a try at the account's code, then judges it. The try is counted before the comparison,
 * so concurrent tries are never compared more often than allowed. A requester past
 * ONE_TIME_CODE_MAX_TRIES tries at this code is not compared at all: its guesses are wrong whatever
 * they are, so it never gets a sixth guess at a code, whatever it calls the account by. A code with
 * ONE_TIME_CODE_MAX_TRIES_TOTAL wrong tries from all requesters is dead: the right digits are told
 * so (the owner then asks for a new code), wrong ones are only wrong. A try with the right digits
 * is taken back: it is not a wrong try.
 */
async function judgeTry(db: DbOrTx, attempt: Attempt, withWindow: boolean): Promise<Outcome> {
  const now = clock.now();
  sweepEndedTries(db, now);
  const row = await repo.findUnusedCode(db, attempt.account, attempt.purpose);
  const keys = tryKeys(row, attempt, withWindow);
  const counts = await repo.countTry(db, keys, now, ONE_TIME_CODE_TTL_MS, ONE_TIME_CODE_MAX_TRIES);
  const compared = row && counts.mine <= ONE_TIME_CODE_MAX_TRIES ? row : undefined;
  const matches = safeEqual(
    hashCode(compared?.id ?? NO_CODE_ID, attempt.code.trim()),
    compared?.codeHash ?? NO_CODE_HASH,
  );
  if (!compared || !matches) return { kind: 'wrong', counts };
  await repo.uncountTry(db, keys);
  if ((counts.total ?? 0) - 1 >= ONE_TIME_CODE_MAX_TRIES_TOTAL) return { kind: 'dead', row: compared };
  if (compared.expiresAt.getTime() <= now.getTime()) return { kind: 'expired', row: compared };
  return { kind: 'right', row: compared };
}

/**
 * A visitor's try at an account's code (e-mail confirmation, password reset), from `requester`
 * (requesterOf the client address) naming the account by what they typed (`account`).
 *
 * Right -> the owner (the code is used when `use`). Right but expired -> `onExpired(owner)` (which
 * sends a fresh code) and 400 code_expired. Right but dead -> 400 code_too_many_tries. Anything else
 * is a wrong try, answered by the requester's window at this identifier: 400 code_invalid, and from
 * its ONE_TIME_CODE_MAX_TRIES-th try on 429 code_too_many_tries with Retry-After. That window depends
 * on nothing but the requester and the identifier, and the same statements run with or without an
 * account or a code: an unknown account answers exactly like a known one, in status, code, headers
 * and time (QUALITY S3, decision 0014).
 */
export async function tryAccountCode(
  db: DbOrTx,
  input: Attempt & { use: boolean },
  onExpired: (owner: CodeOwner) => Promise<void>,
): Promise<CodeOwner> {
  const floor = timeFloor(WRONG_TRY_FLOOR_MS);
  const outcome = await judgeTry(db, input, true);
  switch (outcome.kind) {
    case 'right':
      if (input.use && !(await repo.markCodeUsed(db, outcome.row.id, clock.now()))) {
        throw badRequest('code_invalid'); // used by a concurrent request
      }
      return ownerOf(outcome.row);
    case 'expired':
      await onExpired(ownerOf(outcome.row));
      throw badRequest('code_expired');
    case 'dead':
      throw badRequest('code_too_many_tries');
    case 'wrong': {
      await floor();
      const window = outcome.counts.window!;
      if (window.tries < ONE_TIME_CODE_MAX_TRIES) throw badRequest('code_invalid');
      const retryAfterS = Math.max(1, Math.ceil((window.endsAt.getTime() - clock.now().getTime()) / 1000));
      throw new AppError(429, 'code_too_many_tries', { headers: { 'retry-after': String(retryAfterS) } });
    }
  }
}

const ownerOf = (row: OneTimeCodeRow): CodeOwner => ({ userId: row.userId, target: row.target });

/**
 * Uses a logged-in member's code (e-mail or phone change): single use; expired -> 400 code_expired;
 * wrong -> 400 code_invalid, and the wrong try that reaches ONE_TIME_CODE_MAX_TRIES (and anything
 * after it, even the right code) -> 400 code_too_many_tries. Tries are counted before they are
 * compared, so concurrent wrong guesses never add up to more than the limit.
 */
export async function consumeCode(
  db: DbOrTx,
  input: { userId: string; purpose: CodePurpose; code: string },
): Promise<{ target: string }> {
  return tryMemberCode(db, input, true);
}

/** Like consumeCode, but a right code stays usable. */
export async function checkCode(
  db: DbOrTx,
  input: { userId: string; purpose: CodePurpose; code: string },
): Promise<{ target: string }> {
  return tryMemberCode(db, input, false);
}

async function tryMemberCode(
  db: DbOrTx,
  input: { userId: string; purpose: CodePurpose; code: string },
  use: boolean,
): Promise<{ target: string }> {
  const attempt = { ...input, account: { kind: 'id', value: input.userId }, requester: MEMBER } as const;
  const outcome = await judgeTry(db, attempt, false);
  switch (outcome.kind) {
    case 'right':
      if (use && !(await repo.markCodeUsed(db, outcome.row.id, clock.now())))
        throw badRequest('code_invalid');
      return { target: outcome.row.target };
    case 'expired':
      throw badRequest('code_expired');
    case 'dead':
      throw badRequest('code_too_many_tries');
    case 'wrong':
      throw badRequest(
        outcome.counts.mine >= ONE_TIME_CODE_MAX_TRIES ? 'code_too_many_tries' : 'code_invalid',
      );
  }
}

/**
 * A logged-in member's code still worth typing (an e-mail or phone change under way): unused, not
 * expired, and neither the member's tries nor everyone's used up; with when a new one may be asked.
 */
export async function pendingMemberCode(
  db: DbOrTx,
  userId: string,
  purpose: CodePurpose,
): Promise<{ target: string; expiresAt: Date; resendAt: Date } | null> {
  const now = clock.now();
  const row = await repo.findLatestCode(db, userId, purpose);
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  const subject = `code:${row.id}`;
  const [mine, total] = await Promise.all([
    repo.findTries(db, sha256(`${subject}:requester:${MEMBER}`), now),
    repo.findTries(db, sha256(subject), now),
  ]);
  if (mine >= ONE_TIME_CODE_MAX_TRIES || total >= ONE_TIME_CODE_MAX_TRIES_TOTAL) return null;
  return { target: row.target, expiresAt: row.expiresAt, resendAt: resendAtOf(row) };
}

/** The wrong tries from all requesters at a code (its death at ONE_TIME_CODE_MAX_TRIES_TOTAL). */
export async function wrongTriesAt(db: DbOrTx, codeId: string): Promise<number> {
  return repo.findTries(db, sha256(`code:${codeId}`), clock.now());
}

/** Uses the code behind a mail's link token (same life as its code: one use, expiry, death by tries). */
export async function consumeLinkToken(
  db: DbOrTx,
  purpose: CodePurpose,
  token: string,
): Promise<{ userId: string; target: string }> {
  const now = clock.now();
  const row = await repo.findCodeByLinkHash(db, purpose, sha256(token));
  if (!row || row.usedAt) throw badRequest('code_invalid');
  if ((await wrongTriesAt(db, row.id)) >= ONE_TIME_CODE_MAX_TRIES_TOTAL)
    throw badRequest('code_too_many_tries');
  if (row.expiresAt.getTime() <= now.getTime()) throw badRequest('code_expired');
  if (!(await repo.markCodeUsed(db, row.id, now))) throw badRequest('code_invalid');
  return ownerOf(row);
}

/** Whose code a link token is, whatever its state (to send a fresh code after an expired link). */
export async function findLinkTokenOwner(
  db: DbOrTx,
  purpose: CodePurpose,
  token: string,
): Promise<CodeOwner | undefined> {
  const row = await repo.findCodeByLinkHash(db, purpose, sha256(token));
  return row ? ownerOf(row) : undefined;
}

/** When this node last swept the ended try counters. */
let sweptAt = -Infinity;

/**
 * Only tries make counters, so tries sweep the ones whose window has ended: at most once a minute
 * per node, in the background (the try does not wait for it; a failed sweep is left to the next).
 */
function sweepEndedTries(db: DbOrTx, now: Date): void {
  if (now.getTime() - sweptAt < 60_000) return;
  sweptAt = now.getTime();
  repo.deleteEndedTries(db, now).catch(() => {
    sweptAt = -Infinity;
  });
}
