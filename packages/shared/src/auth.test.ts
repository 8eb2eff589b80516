import { describe, expect, it } from 'vitest';
import { RegisterSchema, UsernameSchema } from './auth.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('UsernameSchema', () => {
  it.each([
    ['', 'username_required'],
    ['ab', 'username_too_short'],
    ['a'.repeat(21), 'username_too_long'],
    ['1abc', 'username_start_letter'],
    ['_abc', 'username_start_letter'],
    ['-abc', 'username_start_letter'],
    ['élodie', 'username_accented_letter'],
    ['Émile', 'username_accented_letter'],
    ['e\u0301lodie', 'username_accented_letter'],
    ['helene_é', 'username_accented_letter'],
    ['ab-cd', 'username_characters'],
    ['ab cd', 'username_characters'],
    ['Admin', 'username_reserved'],
    ['SUPPORT', 'username_reserved'],
    ['motema_team', 'username_reserved'],
  ])('refuses %j with %s', (value, key) => {
    expect(firstMessage(UsernameSchema.safeParse(value))).toBe(key);
  });

  it.each(['abc', 'a'.repeat(20), 'Kinshasa_243', 'marie99'])('accepts %j', (value) => {
    expect(UsernameSchema.safeParse(value).success).toBe(true);
  });

  it('refuses a missing username as required', () => {
    expect(firstMessage(UsernameSchema.safeParse(undefined))).toBe('username_required');
  });
});

describe('RegisterSchema', () => {
  const valid = {
    username: 'amani',
    email: 'Amani@Example.com',
    password: 'kinshasa-nights',
    dateOfBirth: '1995-04-12',
    acceptTerms: true,
  };

  it('accepts a valid registration and lower-cases the e-mail', () => {
    const parsed = RegisterSchema.parse(valid);
    expect(parsed.email).toBe('amani@example.com');
  });

  it.each([
    [{ email: '' }, 'email', 'email_required'],
    [{ email: 'not-an-email' }, 'email', 'email_invalid'],
    [{ password: '' }, 'password', 'password_required'],
    [{ password: 'abc' }, 'password', 'password_too_short'],
    [{ dateOfBirth: '' }, 'dateOfBirth', 'date_of_birth_required'],
    [{ dateOfBirth: '1995-02-30' }, 'dateOfBirth', 'invalid_date'],
    [{ acceptTerms: false }, 'acceptTerms', 'terms_required'],
  ])('refuses %j on %s with %s', (patch, path, key) => {
    const result = RegisterSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === path);
    expect(issue?.message).toBe(key);
  });

  it('refuses a member younger than 18', () => {
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const result = RegisterSchema.safeParse({ ...valid, dateOfBirth: seventeen });
    expect(result.error?.issues.find((i) => i.path[0] === 'dateOfBirth')?.message).toBe('underage');
  });
});
