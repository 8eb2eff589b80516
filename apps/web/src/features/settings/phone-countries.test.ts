import { getCountries } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import {
  AFRICAN_COUNTRIES,
  FIRST_COUNTRIES,
  countryGroups,
  defaultCountry,
  formatNational,
  formatPhone,
  phoneFields,
  toE164,
} from './phone-countries.ts';

const TITLES = { africa: 'Africa', world: 'Rest of the world' };

describe('countryGroups', () => {
  const [africa, world] = countryGroups('fr', TITLES);

  it('offers the members’ main countries first, in order, then the rest of Africa, then the world', () => {
    expect(africa!.items.slice(0, FIRST_COUNTRIES.length).map((item) => item.value)).toEqual([
      ...FIRST_COUNTRIES,
    ]);
    const africanValues = africa!.items.map((item) => item.value);
    expect(africanValues.every((code) => AFRICAN_COUNTRIES.includes(code))).toBe(true);
    expect(world!.items.some((item) => AFRICAN_COUNTRIES.includes(item.value))).toBe(false);
    expect(africanValues).toContain('CG');
    expect(africanValues).toContain('ZA');
  });

  it('lists every country libphonenumber knows exactly once (a Select refuses duplicates)', () => {
    const all = [...africa!.items, ...world!.items].map((item) => item.value);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...getCountries()].sort());
  });

  it('names countries in the interface language with their calling code, sorted by name', () => {
    expect(africa!.items[0]!.label).toBe('Congo-Kinshasa (+243)');
    expect(world!.items.find((item) => item.value === 'FR')!.label).toBe('France (+33)');
    const worldLabels = world!.items.map((item) => item.label);
    expect(worldLabels).toEqual([...worldLabels].sort((a, b) => a.localeCompare(b, 'fr')));
  });
});

describe('phone numbers', () => {
  it('turns a national number of the chosen country into E.164', () => {
    expect(toE164('081 234 5678', 'CD')).toEqual({ phone: '+243812345678', country: 'CD' });
    expect(toE164('6 71 23 45 67', 'CM')).toEqual({ phone: '+237671234567', country: 'CM' });
  });

  it('accepts a number typed with another country code, and keeps its own country', () => {
    expect(toE164('+221 77 123 45 67', 'CD')).toEqual({ phone: '+221771234567', country: 'SN' });
  });

  it('refuses what is not a valid number', () => {
    expect(toE164('', 'CD')).toBeUndefined();
    expect(toE164('12', 'CD')).toBeUndefined();
    expect(toE164('abc', 'NG')).toBeUndefined();
  });

  it('formats while typing and for display', () => {
    expect(formatNational('0812345678', 'CD')).toBe('0812 345 678');
    expect(formatNational('+2437', 'CD')).toBe('+243 7');
    expect(formatPhone('+243812345678')).toBe('+243 812 345 678');
  });
});

describe('defaultCountry', () => {
  it('prefers the saved number, then an African browser region, then DR Congo', () => {
    expect(defaultCountry('+237671234567', ['fr-CD'])).toBe('CM');
    expect(defaultCountry(null, ['fr', 'en-KE'])).toBe('KE');
    expect(defaultCountry(null, ['fr-CI'])).toBe('CI');
    expect(defaultCountry(null, ['fr'])).toBe('CD');
  });

  it('does not take France (+33) from a phone set to French: members there want +243, +237, +225', () => {
    expect(defaultCountry(null, ['fr-FR', 'fr'])).toBe('CD');
    expect(defaultCountry(null, ['en-US', 'fr-FR', 'fr-CM'])).toBe('CM');
    // A saved French number stays French.
    expect(defaultCountry('+33612345678', ['fr-FR'])).toBe('FR');
  });
});

describe('phoneFields', () => {
  it('gives a stored number back to the form: its country and its national number as typed', () => {
    expect(phoneFields('+221771234567')).toEqual({ country: 'SN', national: '77 123 45 67' });
    expect(phoneFields('not a number')).toBeUndefined();
  });
});
