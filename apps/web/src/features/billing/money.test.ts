import { describe, expect, it } from 'vitest';
import { formatMoney, minorPerUnit } from './money.ts';

describe('formatMoney', () => {
  it('reads amounts as minor units: 100 of them make a dollar or a franc', () => {
    expect(minorPerUnit('USD')).toBe(100);
    expect(minorPerUnit('CDF')).toBe(100);
    expect(formatMoney(499, 'USD', 'en')).toBe('$4.99');
    expect(formatMoney(1400000, 'CDF', 'en')).toBe('CDF\u00a014,000');
  });

  it('drops zero decimals of a whole amount but keeps cents that are there', () => {
    expect(formatMoney(500, 'USD', 'en')).toBe('$5');
    expect(formatMoney(1400050, 'CDF', 'en')).toBe('CDF\u00a014,000.50');
  });

  it('writes money as each language does, always naming the currency', () => {
    expect(formatMoney(499, 'USD', 'fr')).toBe('4,99\u00a0$US');
    expect(formatMoney(1400000, 'CDF', 'fr')).toBe('14\u202f000\u00a0CDF');
    expect(formatMoney(1400000, 'CDF', 'ro')).toBe('14.000\u00a0CDF');
  });
});
