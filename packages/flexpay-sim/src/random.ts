/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same order numbers, provider
 * references and faults, so a failing run can be replayed. Not for secrets.
 */
export type SimRandom = {
  /** A float in [0, 1). */
  next: () => number;
  /** `length` characters of [A-Za-z0-9]. */
  alphanumeric: (length: number) => string;
  /** `length` decimal digits. */
  digits: (length: number) => string;
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createRandom(seed: number): SimRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (alphabet: string, length: number) =>
    Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  return {
    next,
    alphanumeric: (length) => pick(ALPHANUMERIC, length),
    digits: (length) => pick('0123456789', length),
  };
}
