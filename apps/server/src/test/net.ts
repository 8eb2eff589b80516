import { randomInt } from 'node:crypto';

let sequence = randomInt(0, 1 << 16);

/**
 * A client address of its own for `app.inject({ remoteAddress })`: rate limits key on the IP, so
 * tests that are not about rate limits never trip them. Distinct within a run (a counter, not luck).
 */
export function randomIp(): string {
  sequence = (sequence + 1) % (1 << 24);
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}
