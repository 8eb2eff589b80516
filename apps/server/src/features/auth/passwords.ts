import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import { fieldIssue, invalidFields } from '../../lib/app-error.ts';

/**
 * The 1,000 most common passwords, lower-cased, one a line. Source: the ranked "passwords" dictionary
 * of the npm package @zxcvbn-ts/language-common 4.1.3 (MIT, https://github.com/zxcvbn-ts/zxcvbn),
 * itself built from published password leak frequency lists; its first 1,000 distinct entries.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** argon2id (Algorithm.Argon2id, a const enum) with OWASP's baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/** False (never throws) for a wrong password or a hash that cannot be read. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await verify(hash, plain);
  } catch {
    return false;
  }
}

export function isCommonPassword(plain: string): boolean {
  return COMMON_PASSWORDS.has(plain.toLowerCase());
}

/** Rules only the server checks on a chosen password (length is the shared schema's job). */
export function assertAcceptablePassword(plain: string, path = 'password'): void {
  if (isCommonPassword(plain)) {
    throw invalidFields(fieldIssue(path, 'password_too_common'));
  }
}
