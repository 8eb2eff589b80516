import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { RegisterSchema } from '@motema/shared/auth';
import { toRegisterInput } from '../features/auth/register-values.ts';
import { ApiError } from './api-client.ts';
import { issuesToFormErrors, showApiErrorOnForm, zodFormValidator } from './form-errors.ts';

const t = i18next.t.bind(i18next);
const frValidation = import.meta.glob<{ default: object }>('../locales/fr/validation.json', { eager: true })[
  '../locales/fr/validation.json'
]!.default;
const validate = zodFormValidator(RegisterSchema, t, toRegisterInput);
/** The API's input as is: the first name the sign-up form no longer asks, but the API still takes. */
const validateInput = zodFormValidator<Record<string, unknown>>(RegisterSchema, t);

const valid = {
  username: 'amani_23',
  email: 'amani@example.com',
  password: 'kinshasa-river',
  dateOfBirth: '1995-06-30',
  acceptTerms: true,
};
const errorsWith = (change: Partial<typeof valid>) => validate({ ...valid, ...change });
const isoYearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

describe('zodFormValidator with RegisterSchema (the server rules, in the form)', () => {
  it('accepts a complete form, and the API’s optional first name and sex', () => {
    expect(errorsWith({})).toEqual({});
    expect(validateInput({ ...valid, firstName: 'Amani', sex: 'female' })).toEqual({});
  });

  it.each([
    ['', 'Username is required'],
    ['   ', 'Username is required'],
    ['ab', 'Username must contain at least 3 characters'],
    ['a'.repeat(21), 'Username must not exceed 20 characters'],
    ['1amani', 'Username must start with a letter'],
    ['ama-ni', 'Username can only contain letters, numbers, and underscores'],
    ['Admin', 'Username is not accepted. Reserved usernames are not allowed.'],
  ])('username %j -> %s', (username, message) => {
    expect(errorsWith({ username })).toEqual({ username: message });
  });

  it.each([
    ['', 'E-mail is required'],
    ['amani.example.com', 'Invalid e-mail'],
    ['amani@', 'Invalid e-mail'],
  ])('e-mail %j -> %s', (email, message) => {
    expect(errorsWith({ email })).toEqual({ email: message });
  });

  it.each([
    ['', 'Password is required'],
    ['abc', 'Password must contain at least 4 characters'],
    ['x'.repeat(129), 'Password must not exceed 128 characters'],
  ])('password of %j characters -> %s', (password, message) => {
    expect(errorsWith({ password })).toEqual({ password: message });
  });

  it('date of birth: required, a real date, 18 or older (the form says so before sending)', () => {
    expect(errorsWith({ dateOfBirth: '' })).toEqual({ dateOfBirth: 'Date of birth is required' });
    expect(errorsWith({ dateOfBirth: '2001-02-30' })).toEqual({ dateOfBirth: 'Invalid date' });
    expect(errorsWith({ dateOfBirth: isoYearsAgo(17) })).toEqual({
      dateOfBirth: 'You must be 18 or older to join Motema',
    });
    expect(errorsWith({ dateOfBirth: isoYearsAgo(18) })).toEqual({});
  });

  it('terms must be accepted', () => {
    expect(errorsWith({ acceptTerms: false })).toEqual({
      acceptTerms: 'You must accept the terms and conditions',
    });
  });

  it('first name: the length limit comes with its count', () => {
    expect(validateInput({ ...valid, firstName: 'N'.repeat(51) })).toEqual({
      firstName: 'Must not exceed 50 characters',
    });
  });

  it('reports every field in error at once, one message per field', () => {
    const errors = validate({
      ...valid,
      username: '',
      email: '',
      password: '',
      dateOfBirth: '',
      acceptTerms: false,
    });
    expect(Object.keys(errors).sort()).toEqual([
      'acceptTerms',
      'dateOfBirth',
      'email',
      'password',
      'username',
    ]);
  });

  it('speaks the interface language', () => {
    i18next.addResourceBundle('fr', 'validation', frValidation);
    const validateFr = zodFormValidator<Record<string, unknown>>(RegisterSchema, i18next.getFixedT('fr'));
    expect(validateFr({ ...valid, dateOfBirth: isoYearsAgo(16), firstName: 'N'.repeat(60) })).toEqual({
      dateOfBirth: 'Vous devez avoir 18\u00a0ans ou plus pour rejoindre Motema',
      firstName: 'Ne doit pas dépasser 50\u00a0caractères',
    });
  });
});

describe('server issues on the form', () => {
  it('translates issue codes, with their count; the first issue of a field wins', () => {
    expect(
      issuesToFormErrors(
        [
          { path: 'username', code: 'username_taken', message: '' },
          { path: 'username', code: 'username_reserved', message: '' },
          { path: 'password', code: 'password_too_common', message: '' },
          { path: 'about', code: 'max_length', message: '', count: 500 },
          { path: 'email', code: 'something_new', message: '' },
        ],
        t,
      ),
    ).toEqual({
      username: 'This username is already taken',
      password: 'This password is too common. Choose one that is harder to guess.',
      about: 'Must not exceed 500 characters',
      email: 'Invalid value',
    });
  });

  it("puts the form's own fields under them and returns the rest as one message", () => {
    let shown = {};
    const form = {
      setErrors: (errors: object) => (shown = errors),
      getValues: () => ({ username: '', email: '' }),
    };
    const onFields = new ApiError(400, 'validation_failed', '', [
      { path: 'username', code: 'username_taken', message: '' },
    ]);
    expect(showApiErrorOnForm(form, onFields, t)).toBeNull();
    expect(shown).toEqual({ username: 'This username is already taken' });

    const elsewhere = new ApiError(400, 'validation_failed', '', [
      { path: 'language', code: 'language_invalid', message: '' },
    ]);
    // An issue about a field the form lacks is said all the same (lib/error-text.ts, one rule).
    expect(showApiErrorOnForm(form, elsewhere, t)).toBe('Unsupported language');
    expect(showApiErrorOnForm(form, new ApiError(429, 'rate_limited', ''), t)).toBe(
      'Too many attempts. Please wait and try again.',
    );
    expect(showApiErrorOnForm(form, new ApiError(0, 'network', ''), t)).toBe('Not connected to the internet');
  });
});
