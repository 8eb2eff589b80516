import {
  DEFAULT_LANGUAGE,
  INTERFACE_LANGUAGES,
  interfaceLanguageOf,
  type InterfaceLanguage,
} from './languages.ts';

/**
 * The public pages the web build prerenders into HTML, one file per interface language, by the path
 * a visitor opens (apps/web/build/prerender.ts). The server and the service worker answer these
 * paths with the file of the visitor's language (decision 0023); every other path gets the app shell.
 */
export const PRERENDERED_PAGES = {
  '/': 'start',
  '/login': 'login',
  '/register': 'register',
  '/privacy-policy': 'privacy-policy',
  '/cookie-policy': 'cookie-policy',
  '/terms-and-conditions': 'terms-and-conditions',
  '/safety-standards': 'safety-standards',
  '/about': 'about',
} as const;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The folder of the build that holds them (`pages/fr/login.html`). */
export const PRERENDERED_DIR = 'pages';

/**
 * The cookie mirroring the language a visitor chose on this device (the web app keeps the choice in
 * localStorage, which the server cannot read), so the server sends the page in it at once.
 */
export const LANGUAGE_COOKIE = 'motema_language';

/** How long it lasts, in seconds: a year, whoever writes it (the web app, or the server at login). */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Where the web app keeps what the service worker needs of the device's choices (it reads neither
 * localStorage nor, in every browser, cookies): a JSON record in the Cache Storage.
 */
export const DEVICE_CHOICE_CACHE = 'motema-device';
export const DEVICE_CHOICE_URL = '/device-choice.json';

/**
 * Home as this device last drew it for the member (decision 0024), kept beside the device's record:
 * the service worker writes it into the app shell for that member's next visit to `HOME_COPY_PATH`,
 * built by the same build, marking the root with `KEPT_COPY_ATTRIBUTE` (its path).
 */
export const HOME_COPY_URL = '/home-copy.json';
export const HOME_COPY_PATH = '/home';
export const KEPT_COPY_ATTRIBUTE = 'data-kept-copy';

/**
 * The script a page drawn from a kept copy starts the app with (decision 0024, amended): the service worker
 * answers it, and it runs the build's entry, named by its `entry` query, only once the copy's first
 * frame is drawn. The entry is fetched beside it (modulepreload).
 */
export const KEPT_COPY_START_PATH = '/kept-copy-start.js';

/**
 * What is kept of home: the root's HTML (the same members as the kept lists, nothing from menus,
 * dialogs or notices, which live outside it), the style sheets it needs (`/assets/` paths), the
 * document's language and colour scheme, the build (its entry script's path) and the member's id.
 */
export type HomeCopy = {
  build: string;
  member: string;
  language: string;
  scheme: 'light' | 'dark';
  styles: string[];
  html: string;
};

/** The build's script the service worker loads first, which answers the public pages. */
export const PUBLIC_PAGES_WORKER = 'public-pages-sw.js';

export function isPrerenderedPath(path: string): path is PrerenderedPath {
  return Object.hasOwn(PRERENDERED_PAGES, path);
}

/** The build's file of a public page in a language, relative to the build's root. */
export function prerenderedFile(path: PrerenderedPath, language: InterfaceLanguage): string {
  return `${PRERENDERED_DIR}/${language}/${PRERENDERED_PAGES[path]}.html`;
}

/** Every prerendered file of the build. */
export function prerenderedFiles(): string[] {
  return INTERFACE_LANGUAGES.flatMap((language) =>
    Object.keys(PRERENDERED_PAGES).map((path) => prerenderedFile(path as PrerenderedPath, language)),
  );
}

/**
 * The language a page opens in, by the web app's rule (apps/web/src/lib/i18n.ts): the choice stored
 * on the device, else the `lang` query, else the first of the browser's languages the interface
 * speaks, else English.
 */
export function pageLanguage(choice: {
  stored?: string | null;
  query?: string | null;
  accepted?: readonly string[];
}): InterfaceLanguage {
  const stored = interfaceLanguageOf(choice.stored);
  if (stored) return stored;
  const query = interfaceLanguageOf(choice.query);
  if (query) return query;
  for (const tag of choice.accepted ?? []) {
    const found = interfaceLanguageOf(tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The tags of an Accept-Language header, most wanted first (by `q`, then by order); tags refused
 * with `q=0`, with a weight that is not a number, and the `*` wildcard are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((q) => q !== undefined);
      return { tag: tag.trim(), q: weight === undefined ? 1 : Number(weight.trim() || NaN), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
