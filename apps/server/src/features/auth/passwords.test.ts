import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { AppError } from '../../lib/app-error.ts';
import { classifyIdentifier, phoneAsTyped } from './identifiers.ts';
import { assertAcceptablePassword, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { preferredLanguage } from './request-language.ts';

describe('passwords', () => {
  it('hashes with argon2id, salted, and verifies', async () => {
    const hash = await hashPassword('Mbote-2024');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Mbote-2024')).not.toBe(hash);
    expect(await verifyPassword(hash, 'Mbote-2024')).toBe(true);
    expect(await verifyPassword(hash, 'mbote-2024')).toBe(false);
    expect(await verifyPassword('not a hash', 'Mbote-2024')).toBe(false);
  });

  it('ships the 1,000 most common passwords and compares them case-insensitively', () => {
    const list = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .trim()
      .split('\n');
    expect(list).toHaveLength(1000);
    expect(new Set(list).size).toBe(1000);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(list.every((word) => word === word.toLowerCase())).toBe(true);
    for (const word of ['123456', 'PASSWORD', 'Qwerty', 'iloveyou', list[999]!])
      expect(isCommonPassword(word)).toBe(true);
    expect(isCommonPassword('Kinshasa-river-42')).toBe(false);
  });

  it('refuses a common password as a field issue', () => {
    let error: unknown;
    try {
      assertAcceptablePassword('Football');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      issues: [
        { path: 'password', code: 'password_too_common', message: expect.stringContaining('too common') },
      ],
    });
    expect(() => assertAcceptablePassword('Kinshasa-river-42')).not.toThrow();
  });
});

describe('identifiers and languages', () => {
  it('tells e-mails, phones and usernames apart', () => {
    expect(classifyIdentifier(' Grace@Example.com ')).toEqual({ kind: 'email', value: 'grace@example.com' });
    expect(classifyIdentifier('+243 81 234 5678')).toEqual({ kind: 'phone', value: '+243812345678' });
    expect(classifyIdentifier('(0033) 6-12-34-56-78')).toEqual({ kind: 'phone', value: '+33612345678' });
    expect(classifyIdentifier('Grace_95')).toEqual({ kind: 'username', value: 'Grace_95' });
    expect(phoneAsTyped('12')).toBeUndefined();
    expect(phoneAsTyped('abc')).toBeUndefined();
  });

  it('picks the best interface language of Accept-Language', () => {
    expect(preferredLanguage('fr-CD,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(preferredLanguage('de;q=1, en;q=0.2, ro;q=0.5')).toBe('ro');
    expect(preferredLanguage('en;q=0, fr;q=0.1')).toBe('fr');
    expect(preferredLanguage('de-DE')).toBeUndefined();
    expect(preferredLanguage(undefined)).toBeUndefined();
  });
});
