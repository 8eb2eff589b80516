import { randomBytes } from 'node:crypto';

/** REFERRAL_CODE_PATTERN's alphabet: no 0, O, 1 or I, which are misheard and misread. 32 signs. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 32^8 is about 10^12: guessing a partner's code is hopeless, and a clash is rare (and retried). */
export const REFERRAL_CODE_LENGTH = 8;

/** A fresh referral code from the system's CSPRNG; 32 signs, so each byte's low 5 bits pick one evenly. */
export function newReferralCode(): string {
  return [...randomBytes(REFERRAL_CODE_LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
}
