import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A proof's or a withdrawal's reference at FlexPay (P1): 20 signs of [A-Z0-9] from the CSPRNG, UNIQUE
 * in its table. Never shown to anyone: a payout callback is taken only for a reference it names.
 */
export function newReference(): string {
  let reference = '';
  for (let i = 0; i < 20; i++) reference += ALPHABET[randomInt(ALPHABET.length)];
  return reference;
}
