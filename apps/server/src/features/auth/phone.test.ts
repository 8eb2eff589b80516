import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.ts';

describe('normalisePhone', () => {
  it.each([
    ['+243 81 234 5678', '+243812345678'],
    ['+243812345678', '+243812345678'],
    ['00243 81 234 5678', '+243812345678'],
    ['+237 6 71 23 45 67', '+237671234567'],
    ['+225 07 08 09 10 11', '+2250708091011'],
    ['+234 802 123 4567', '+2348021234567'],
    ['+234-802-123-4567', '+2348021234567'],
  ])('reads the international number %s as %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([
    ['081 234 5678', 'CD', '+243812345678'],
    ['0802 123 4567', 'ng', '+2348021234567'],
    ['6 71 23 45 67', 'CM', '+237671234567'],
    ['07 08 09 10 11', 'CI', '+2250708091011'],
  ])('reads the national number %s in %s', (input, country, expected) => {
    expect(normalisePhone(input, country)).toBe(expected);
  });

  it('keeps an international number whatever the country given', () => {
    expect(normalisePhone('+234 802 123 4567', 'CD')).toBe('+2348021234567');
  });

  it.each([
    ['+243 12', undefined],
    ['081 234 5678', undefined],
    ['081 234 5678', 'XX'],
    ['not a phone', 'CD'],
    ['', 'CD'],
    ['+1 000 000 0000', undefined],
    ['+243 81 234 5678 9999 9999 9999 9999 9999', undefined],
  ])('refuses %s (country %s)', (input, country) => {
    expect(normalisePhone(input, country)).toBeUndefined();
  });
});
