import { DEFAULT_LANGUAGE, type InterfaceLanguage } from '@motema/shared/languages';

/**
 * The staff's console texts: English and French only. The console is used by the team, who read
 * either; a member never sees it, so it needs no Romanian: a Romanian console reads the English file.
 */
export const CONSOLE_NAMESPACES: readonly string[] = ['moderation'];
export const CONSOLE_LANGUAGES: readonly InterfaceLanguage[] = ['en', 'fr'];

/**
 * The language whose file holds a namespace's texts for an interface language: its own, but English
 * for the console in a language the console is not written in. Every other file is complete in every
 * language (locales.test.ts fails on a missing key), so i18next needs no fallback language, and a
 * French or Romanian visit loads no English texts beside its own (issue 33, decision 0056).
 */
export function textFileLanguage(namespace: string, language: InterfaceLanguage): InterfaceLanguage {
  return CONSOLE_NAMESPACES.includes(namespace) && !CONSOLE_LANGUAGES.includes(language)
    ? DEFAULT_LANGUAGE
    : language;
}

type Texts = { [key: string]: unknown };

/**
 * Texts written in another language, read as `language`: each plural (`key_one`, `key_other`) gains
 * the forms `language` counts with that the file lacks (Romanian's `_few`), as its `_other` text, so
 * a count shows a sentence and not its key.
 */
export function borrowedTexts(texts: Texts, language: InterfaceLanguage): Texts {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const borrowed: Texts = {};
  for (const [key, value] of Object.entries(texts)) {
    borrowed[key] = value && typeof value === 'object' ? borrowedTexts(value as Texts, language) : value;
    const plural = /^(.*)_other$/.exec(key)?.[1];
    if (plural === undefined) continue;
    for (const form of forms) if (!(`${plural}_${form}` in texts)) borrowed[`${plural}_${form}`] = value;
  }
  return borrowed;
}
