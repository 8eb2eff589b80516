import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalisePayerPhone, PaymentInitSchema } from './billing.ts';

/** The 9 digits of a Congolese number after 243 (no trunk 0). */
const national = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }),
  )
  .map(([first, rest]) => `${first}${rest.join('')}`);

/** The ways people write one: international, with 00, with the country code alone, with the trunk 0, bare. */
const written = (digits: string) => [`+243${digits}`, `00243${digits}`, `243${digits}`, `0${digits}`, digits];

/** Separators a member may type between any two characters. */
const separator = fc.constantFrom('', ' ', '  ', '.', '-', '(', ')', '\u00a0', '\t');

function sprinkle(text: string, separators: string[]): string {
  return [...text].map((char, i) => `${separators[i] ?? ''}${char}`).join('');
}

describe('normalisePayerPhone (PAYMENTS.md P4)', () => {
  it('gives 243 + the same 9 digits for every usual way of writing a number, separators anywhere', () => {
    fc.assert(
      fc.property(
        national,
        fc.integer({ min: 0, max: 4 }),
        fc.array(separator, { minLength: 16, maxLength: 16 }),
        (digits, form, separators) => {
          const input = sprinkle(written(digits)[form]!, separators);
          expect(normalisePayerPhone(input), JSON.stringify(input)).toBe(`243${digits}`);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('answers only 243 + 9 digits not starting with 0, and is idempotent, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[+0-9 ]{0,18}$/)),
        (input) => {
          const phone = normalisePayerPhone(input);
          if (phone === null) return;
          expect(phone).toMatch(/^243[1-9][0-9]{8}$/);
          expect(normalisePayerPhone(phone)).toBe(phone);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("refuses letters, other scripts' digits, stray signs, wrong lengths and other countries", () => {
    const unicodeDigit = fc.constantFrom('٠', '٨', '۸', '८', '８', '𝟖');
    fc.assert(
      fc.property(
        national,
        fc.integer({ min: 0, max: 4 }),
        fc.nat(),
        unicodeDigit,
        (digits, form, at, digit) => {
          const text = written(digits)[form]!;
          const i = at % text.length;
          const withForeign = `${text.slice(0, i)}${digit}${text.slice(i + 1)}`;
          expect(normalisePayerPhone(withForeign), withForeign).toBeNull();
          expect(normalisePayerPhone(`${text.slice(0, i)}x${text.slice(i)}`)).toBeNull();
        },
      ),
      { numRuns: 1_000 },
    );
    for (const input of [
      '',
      '+',
      '81234567', // 8 digits
      '8123456789', // 10 digits, no trunk 0
      '+243 81234567',
      '+24381234567890',
      '+33 6 12 34 56 78',
      '0033612345678',
      '243 081234567', // trunk 0 after the country code, 12 digits
      '0081234567',
      '++243812345678',
      '243812345678+',
      '812_345_678',
      '812,345,678',
    ]) {
      expect(normalisePayerPhone(input), input).toBeNull();
    }
  });

  it('is what the payment start validates: an invalid number is a payer_phone_invalid issue', () => {
    const bad = PaymentInitSchema.safeParse({ subscription: 'x', method: 'mobile_money', phone: '12' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(['payer_phone_invalid']);
    const card = PaymentInitSchema.safeParse({ subscription: 'x', method: 'card' });
    expect(card.success).toBe(true);
  });
});
