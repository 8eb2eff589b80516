import { randomInt } from 'node:crypto';
import { newToken, safeEqual, sha256 } from '../../../lib/tokens.ts';

const REFERENCE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 20;
export const REFERENCE_PATTERN = /^[A-Z0-9]{1,20}$/;

/**
 * A payment's reference (P1): 20 characters of [A-Z0-9] drawn by the CSPRNG (about 103 bits), within
 * FlexPay's limit of about 20 and unguessable, so that a reference names one payment and reveals no
 * other. The database's UNIQUE index refuses the astronomically unlikely repeat.
 */
export function newReference(): string {
  let reference = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) reference += REFERENCE_ALPHABET[randomInt(36)];
  return reference;
}

/**
 * The secret of a payment's callback URL (P7): 256 random bits; only its hash is stored, so a copy of
 * the database does not let anyone call back in a payment's name.
 */
export function newCallbackToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: sha256(token) };
}

export const callbackTokenHash = (token: string) => sha256(token);

/** Constant-time comparison of a presented token with a stored hash. */
export const callbackTokenMatches = (token: string, hash: string) => safeEqual(sha256(token), hash);
