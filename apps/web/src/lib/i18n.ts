import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { deviceText } from './device-record.ts';
import { addFormats } from './i18n-formats.ts';
import {
  DEFAULT_LANGUAGE,
  INTERFACE_LANGUAGES,
  interfaceLanguageOf,
  type InterfaceLanguage,
} from '@motema/shared/languages';
import { pageLanguage } from '@motema/shared/public-pages';
import { languageCookie, mirrorLanguageChoice } from './language-cookie.ts';
import { borrowedTexts, textFileLanguage } from './text-files.ts';

export const LANGUAGE_STORAGE_KEY = 'motema.language';
export const NAMESPACES = [
  'common',
  'validation',
  'errors',
  'public',
  'auth',
  'settings',
  'home',
  'media',
  'discovery',
  'safety',
  'chat',
  'thread',
  'attachments',
  'notifications',
  'billing',
  'posts',
  'stories',
  'push',
  'devices',
  'install',
  'zones',
  'lives',
  'partnership',
  'verification',
  'held',
  'appeals',
  'moderation',
] as const;
/** Loaded before the first render: what the start page and every layout need. */
export const STARTUP_NAMESPACES = ['common'] as const;
/**
 * Used from many screens through `t('errors:...')` and `t('validation:...')`: loaded in the
 * background once the first page is up, and awaited by every lazy page (lib/feature-routes.tsx), so the start
 * page does not wait for them.
 */
export const SHARED_NAMESPACES = ['validation', 'errors'] as const;

/** Loads the shared namespaces (once; later calls resolve at once). */
export function loadSharedNamespaces(): Promise<void> {
  return loadNamespaces(SHARED_NAMESPACES);
}

/**
 * The stored choice, else the `lang` query, else the browser, else English: the rule the server and
 * the service worker follow too when they pick a prerendered page (decision 0023). The choice is the
 * one stored on this device, else its cookie's: the member's language when the server set it with
 * the session (a device that has not stored a choice yet), so a member's first visit starts in their
 * language instead of loading the texts again once the profile answers.
 */
export function detectLanguage(): InterfaceLanguage {
  return pageLanguage({
    stored: storedLanguage() ?? languageCookie(),
    query: new URLSearchParams(location.search).get('lang'),
    accepted: navigator.languages ?? [navigator.language],
  });
}

const languageChoice = deviceText(LANGUAGE_STORAGE_KEY, (stored) => interfaceLanguageOf(stored) ?? null);

/** The language chosen on this device, if any. */
export function storedLanguage(): InterfaceLanguage | null {
  return languageChoice.read();
}

/** Switches the interface and remembers the choice (and tells the server and the service worker). */
export async function changeLanguage(language: InterfaceLanguage): Promise<void> {
  languageChoice.keep(language);
  mirrorLanguageChoice(language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): InterfaceLanguage {
  return interfaceLanguageOf(i18next.resolvedLanguage) ?? DEFAULT_LANGUAGE;
}

export type Namespace = (typeof NAMESPACES)[number];

/** One texts file; the dynamic import caches it, so a file fetched early is not fetched again. */
const importTexts = (language: string, namespace: string) =>
  import(`../locales/${language}/${namespace}.json`) as Promise<{ default: Record<string, unknown> }>;

/** A namespace's texts in a language, from the file that holds them (lib/text-files.ts). */
async function loadTexts(language: string, namespace: string): Promise<Record<string, unknown>> {
  const wanted = interfaceLanguageOf(language) ?? DEFAULT_LANGUAGE;
  const fileLanguage = textFileLanguage(namespace, wanted);
  const texts = (await importTexts(fileLanguage, namespace)).default;
  return fileLanguage === wanted ? texts : borrowedTexts(texts, wanted);
}

const initialized = new Promise<void>((resolve) => {
  if (i18next.isInitialized) resolve();
  else i18next.on('initialized', () => resolve());
});

/**
 * Loads a page's namespaces beside its code (lib/feature-routes.tsx). Before i18next is ready (the first page),
 * the files of the detected language start at once, then i18next takes them from the import cache.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (namespaces.length === 0) return;
  if (!i18next.isInitialized) {
    const language = detectLanguage();
    for (const namespace of namespaces) void loadTexts(language, namespace).catch(() => undefined);
    await initialized;
  }
  await i18next.loadNamespaces([...namespaces]);
}

/**
 * Loads namespaces in a language that may not be the interface's (a legal document read with
 * `?lang=`), each once: a page whose own words follow its document has them before it is drawn.
 */
export async function loadNamespacesIn(
  language: InterfaceLanguage,
  namespaces: readonly Namespace[],
): Promise<void> {
  const missing = namespaces.filter((namespace) => !i18next.hasResourceBundle(language, namespace));
  if (missing.length > 0) await i18next.reloadResources([language], missing);
}

/** Starts i18next in `language` (the build's prerendering names it; a browser detects it). */
export async function initI18n(language: InterfaceLanguage = detectLanguage()): Promise<void> {
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(loadTexts))
    .init({
      lng: language,
      // None: every language's texts are complete (lib/text-files.ts), so no visit loads two languages.
      fallbackLng: false,
      supportedLngs: [...INTERFACE_LANGUAGES],
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  addFormats(i18next);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}
