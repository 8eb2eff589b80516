/**
 * Amounts on FlexPay's wire: major units as a string without decorative zeros ("10", "0.5",
 * "19.99"; never "10.00"), as its documentation and integrations send them (A1.3, P15). Both of
 * Motema's currencies have 100 minor units to the major one (cents; CDF centimes).
 */

/** Integer minor units as FlexPay's amount string: 1000 -> "10", 50 -> "0.5", 1999 -> "19.99". */
export function toFlexpayAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor <= 0) {
    throw new RangeError(`a FlexPay amount is a positive integer of minor units, not ${minor}`);
  }
  const whole = Math.trunc(minor / 100);
  const cents = minor % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * FlexPay's amount (a string, or a number in some answers: "50.0", "0.5", 51, "1.03") in minor
 * units, or null when it is not an exact amount of cents. Never rounded: "1.005" is not 100 or 101.
 */
export function fromFlexpayAmount(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^([0-9]{1,13})(?:\.([0-9]+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(2))) return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}
