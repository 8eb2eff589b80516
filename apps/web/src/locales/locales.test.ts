import { ERROR_MESSAGES } from '@motema/shared/errors';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@motema/shared/languages';
import { VALIDATION_MESSAGES } from '@motema/shared/validation';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, type Namespace } from '../lib/i18n.ts';
import { CONSOLE_LANGUAGES, CONSOLE_NAMESPACES } from '../lib/text-files.ts';

/**
 * Translation completeness: English, French and Romanian stay complete (ARCHITECTURE.md, web app).
 * Files are read through Vite's glob import, so a new namespace or document is checked without listing it.
 */
type Json = { [key: string]: unknown };

const localeFiles = import.meta.glob<Json>('./*/*.json', { eager: true, import: 'default' });
const legalFiles = import.meta.glob<Json>('../features/legal/content/*/*.json', {
  eager: true,
  import: 'default',
});

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `{ a: { b: 'x' } }` -> `[['a.b', 'x']]`; leaves keep their value whatever its type. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, tree]];
}

/** `<lang>/<namespace>` -> its file, for the locale files. */
function byLanguageAndName(files: Record<string, Json>): Map<string, Map<string, Json>> {
  const found = new Map<string, Map<string, Json>>();
  for (const [file, content] of Object.entries(files)) {
    const [lang, name] = file.split('/').slice(-2) as [string, string];
    if (!found.has(lang)) found.set(lang, new Map());
    found.get(lang)!.set(name.replace(/\.json$/, ''), content);
  }
  return found;
}

const locales = byLanguageAndName(localeFiles);

/**
 * The languages a namespace is written in: every interface language, but the staff's console
 * (CONSOLE_NAMESPACES) only in English and French, the languages of the team that uses it; members,
 * who never see it, read every other namespace in Romanian too.
 */
const languagesOf = (namespace: Namespace): readonly InterfaceLanguage[] =>
  CONSOLE_NAMESPACES.includes(namespace) ? CONSOLE_LANGUAGES : INTERFACE_LANGUAGES;
const legal = byLanguageAndName(legalFiles);
const file = (lang: string, namespace: string) => locales.get(lang)?.get(namespace) ?? {};

/** Plural categories a count from 0 to 1000 can need in this language (i18next suffixes). */
function pluralCategoriesFor(lang: InterfaceLanguage): Set<string> {
  const rules = new Intl.PluralRules(lang);
  return new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
}

/** The variables of a text, without their format (`{{name, de}}` is `name`). */
const variablesOf = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,\s*\w+\s*)?\}\}/g)].map((m) => m[1]).sort();

/** True when the file has `key`, as a plain key or as a plural (`key_other`). */
function hasKey(content: Json, key: string): boolean {
  const keys = new Set(leaves(content).map(([name]) => name));
  return keys.has(key) || keys.has(`${key}_other`);
}

describe('locale files', () => {
  it('exist for every interface language and every namespace, and for nothing else', () => {
    expect([...locales.keys()].sort()).toEqual([...INTERFACE_LANGUAGES].sort());
    for (const lang of INTERFACE_LANGUAGES) {
      const namespaces = NAMESPACES.filter((namespace) => languagesOf(namespace).includes(lang));
      expect([...locales.get(lang)!.keys()].sort(), `namespaces of ${lang}`).toEqual(namespaces.sort());
    }
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const languages = languagesOf(namespace);
    const entries = Object.fromEntries(
      languages.map((lang) => [lang, new Map(leaves(file(lang, namespace)))] as const),
    ) as Record<InterfaceLanguage, Map<string, unknown>>;
    const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
    const allBaseKeys = new Set(languages.flatMap((lang) => [...entries[lang].keys()].map(baseKey)));

    it.each(languages)('%s has every key, each a non-empty string', (lang) => {
      const texts = entries[lang];
      const missing = [...allBaseKeys].filter(
        (key) => !texts.has(key) && ![...texts.keys()].some((name) => baseKey(name) === key && name !== key),
      );
      expect(missing, `keys missing in ${lang}/${namespace}.json`).toEqual([]);
      const notText = [...texts].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(
        notText.map(([key]) => key),
        `empty or non-string values in ${lang}/${namespace}.json`,
      ).toEqual([]);
    });

    it.each(languages)('%s has every plural form its grammar needs', (lang) => {
      const needed = pluralCategoriesFor(lang);
      const texts = entries[lang];
      const pluralBases = new Set(
        languages
          .flatMap((other) => [...entries[other].keys()])
          .filter((key) => PLURAL_SUFFIX.test(key))
          .map(baseKey),
      );
      const missing = [...pluralBases].flatMap((base) =>
        [...needed]
          .filter((category) => !texts.has(`${base}_${category}`))
          .map((category) => `${base}_${category}`),
      );
      expect(missing, `plural forms missing in ${lang}/${namespace}.json`).toEqual([]);
    });

    it('uses the same {{variables}} in every language', () => {
      const mismatches: string[] = [];
      for (const [key, english] of entries.en) {
        if (PLURAL_SUFFIX.test(key) || typeof english !== 'string') continue;
        for (const lang of languages) {
          const text = entries[lang].get(key);
          if (typeof text !== 'string') continue;
          if (variablesOf(text).join() !== variablesOf(english).join()) mismatches.push(`${lang}: ${key}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  });

  it.each(INTERFACE_LANGUAGES)('%s translates every validation message key of packages/shared', (lang) => {
    const content = file(lang, 'validation');
    const missing = Object.keys(VALIDATION_MESSAGES).filter((key) => !hasKey(content, key));
    expect(missing, `keys missing in ${lang}/validation.json`).toEqual([]);
  });

  it.each(INTERFACE_LANGUAGES)('%s translates every error code of packages/shared', (lang) => {
    const content = file(lang, 'errors');
    const missing = Object.keys(ERROR_MESSAGES).filter((code) => !hasKey(content, code));
    expect(missing, `codes missing in ${lang}/errors.json`).toEqual([]);
  });
});

describe('legal content', () => {
  const sectionCount = (content: Json) => (Array.isArray(content.sections) ? content.sections.length : -1);

  it('has the same documents in every interface language', () => {
    expect([...legal.keys()].sort()).toEqual([...INTERFACE_LANGUAGES].sort());
    const english = [...legal.get('en')!.keys()].sort();
    expect(english.length).toBeGreaterThan(0);
    for (const lang of INTERFACE_LANGUAGES) {
      expect([...legal.get(lang)!.keys()].sort(), `documents in ${lang}`).toEqual(english);
    }
  });

  it('has the same number of sections in every language, each document with a title', () => {
    for (const [doc, english] of legal.get('en') ?? []) {
      for (const lang of INTERFACE_LANGUAGES) {
        const content = legal.get(lang)?.get(doc) ?? {};
        expect(typeof content.title === 'string' && content.title.trim() !== '', `${lang}/${doc} title`).toBe(
          true,
        );
        expect(sectionCount(content), `sections of ${lang}/${doc}.json`).toBe(sectionCount(english));
      }
    }
  });
});
