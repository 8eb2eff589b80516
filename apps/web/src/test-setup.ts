import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach } from 'vitest';
import { NAMESPACES } from './lib/i18n.ts';
import { addFormats } from './lib/i18n-formats.ts';
import { fileReset } from './test/file-reset.ts';

// waitFor and findBy wait up to 5 s, not 1: on a shared, loaded machine a lazy route's first import
// alone can take more than a second. A wait is a ceiling, never a timing check (those are benchmarks).
configure({ asyncUtilTimeout: 5_000 });

// Every English namespace, loaded up front so components render their real texts synchronously.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/en/*.json', { eager: true });
const resources = Object.fromEntries(
  Object.entries(files).map(([path, module]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), module.default]),
);

await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  resources: { en: resources },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
addFormats(i18next);

// Mantine reads these browser APIs; happy-dom leaves some of them out.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Mantine's autosize Textarea listens to font loading; happy-dom has no `document.fonts`.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => cleanup());

// Each file leaves the worker as it found it (test/file-reset.ts), for the next file.
afterAll(fileReset);
