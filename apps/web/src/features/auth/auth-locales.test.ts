import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@motema/shared/errors';
import { VALIDATION_MESSAGES } from '@motema/shared/validation';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<{ default: Tree }>('../../locales/*/{auth,validation,errors}.json', {
  eager: true,
});
const file = (language: string, namespace: string): Tree => {
  const found = files[`../../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing ${language}/${namespace}.json`);
  return found.default;
};
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`),
  );
const LANGUAGES = ['en', 'fr', 'ro'];
const LOGIN_KEYS = ['login401', 'login403', 'login404', 'login500', 'loginSuspended', 'loginBanned'];

describe('translations of validation messages, error codes and the auth screens', () => {
  it('English equals the server and the spec', () => {
    expect(file('en', 'validation')).toEqual(VALIDATION_MESSAGES);
    expect(file('en', 'errors')).toMatchObject(ERROR_MESSAGES);
    expect(file('en', 'errors')).toMatchObject({
      network: 'Not connected to the internet',
      login401: 'Invalid identifier or password',
      login403: 'Your account is not active. Please check your email for more information',
      login404: 'Invalid username or password',
      login500: 'Something went wrong. Please try again later.',
    });
  });

  it.each(LANGUAGES)('%s has every validation key, keeping {{count}}', (language) => {
    const texts = file(language, 'validation');
    expect(Object.keys(texts).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
    for (const [key, english] of Object.entries(VALIDATION_MESSAGES)) {
      expect(String(texts[key]).includes('{{count}}'), key).toBe(english.includes('{{count}}'));
    }
  });

  it.each(LANGUAGES)('%s has every error code, the network and login messages', (language) => {
    const expected = [...Object.keys(ERROR_MESSAGES), 'network', ...LOGIN_KEYS].sort();
    expect(Object.keys(file(language, 'errors')).sort()).toEqual(expected);
  });

  it.each(LANGUAGES)('%s has every text of the auth screens, none empty', (language) => {
    const english = keysOf(file('en', 'auth'));
    expect(keysOf(file(language, 'auth'))).toEqual(english);
    for (const namespace of ['auth', 'validation', 'errors']) {
      const tree = file(language, namespace);
      for (const key of keysOf(tree)) {
        const text = key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree);
        expect(String(text).trim(), `${language}/${namespace}:${key}`).not.toBe('');
      }
    }
  });
});
