// Mantine's global styles; each component's own styles come with it (build/mantine-component-css.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import i18next from 'i18next';
import type { Me } from '@motema/shared/users';
import { initI18n, loadSharedNamespaces, storedLanguage } from './lib/i18n.ts';
import { knownMe, ME_QUERY_KEY, queryClient } from './lib/query-client.ts';
import { meQueryOptions } from './features/users/users.api.ts';
import { startPlatform } from './lib/platform/start.ts';
import { captureClientErrors } from './lib/client-logs.ts';
import { followNetwork } from './lib/notices.ts';
import { captureInstallPrompt } from './features/devices/install/install-capture.ts';
import { routes } from './router.tsx';
import { afterFirstPage, firstPageShown } from './lib/after-first-page.ts';
import { firstPageLoaded } from './lib/router-ready.ts';
import { followDeviceChoice } from './lib/device-choice.ts';
import {
  applyFullStyles,
  keepTypedValues,
  keptCopyPath,
  prerenderedPage,
  type PrerenderedPage,
} from './lib/prerendered-page.ts';
import { keptCopyCanGo } from './lib/kept-copy-ready.ts';
import { takePaintedAnswers } from './lib/server-painted.ts';
import { AppRoot } from './app-root.tsx';
import { keepFirstPageScroll } from './layouts/scroll-position.tsx';

// The page's uncaught errors go to the server's log (over the member's socket) from the first line on.
captureClientErrors();
followNetwork();
// The browser's offer to install may come before React mounts, once a page: kept from now on
// (features/devices/install/: when to offer installing).
captureInstallPrompt();
// Today counted as a day the app was used, its code fetched after the first page rather than in the
// start page's (bar B5) or beside the first page's (decision 0056); the install offer counts it too.
afterFirstPage(
  () =>
    void import('./features/devices/install/install-engagement.ts')
      .then((engagement) => engagement.noteAppStart())
      .catch(() => undefined),
);
// Everything the first page needs starts at once, side by side: the router (created here) already
// loads the chunks of the page at location.pathname with their namespaces (router.tsx); here the
// profile the guard asks for (the same query, so not asked twice) and the common texts.
const container = document.getElementById('root')!;
// A page the server painted for this visit: the answers it was drawn from go in the cache before the
// router's loaders and the profile request would ask for them (decision 0057).
const painted = takePaintedAnswers(container, queryClient);
const router = createBrowserRouter(routes);
const profileAnswered = queryClient.prefetchQuery(meQueryOptions);
// Read before i18next sets <html lang>: the page and language the build prerendered, if any.
const prerendered = prerenderedPage(container);
// Or home as this device last drew it, written in by the service worker (decision 0024).
const keptCopy = keptCopyPath(container);
const app = <AppRoot router={router} />;
if (painted !== null || prerendered !== null || keptCopy !== null) keepFirstPageScroll();
await initI18n();
followDeviceChoice(queryClient, storedLanguage);
// The service worker on the web; in the native shell, its parts bound in before anything renders.
// Not awaited at this module's top level: the native parts' chunk imports this module's chunk, and a
// module still running its top-level await holds every chunk that imports it, so awaiting it here
// never ended (the bundled copy stayed on its skeleton). The texts' chunks import nothing of it.
void startPlatform(router).then(show);

/** Once the platform started: the first page, and what follows it. */
function show(): void {
  if (painted) {
    // Painted by the server from the answers now in the cache: React takes it over as it is.
    void firstPageLoaded(router).then(() => {
      applyFullStyles(document);
      hydrateRoot(container, app);
    });
  } else if (prerendered) {
    // The prerendered page is on screen: React takes it over once the page's code and texts are
    // there, so nothing between shows a skeleton instead of it. Not awaited here: the page's chunks
    // import this module's chunk, which must have finished running for them to load.
    void firstPageLoaded(router).then(() => takeOver(prerendered));
  } else if (keptCopy) {
    // The copy stays on screen (its links work) until React can draw the page from the kept lists;
    // React then replaces it in one commit, with no skeleton between.
    void keptCopyCanGo(router, queryClient).then(() => createRoot(container).render(app));
  } else {
    createRoot(container).render(app);
  }
  // Registered after the takeover above, so what waits for the first page starts once React has it.
  void firstPageLoaded(router).then(firstPageShown);
  // The error and validation texts, not needed by the start page.
  afterFirstPage(() => void profileAnswered.then(() => loadSharedNamespaces()));
  // This install registers once, and again on a new build (features/devices/): never in the first
  // page's way (nor in its files); a failure (no network) is tried again at the next start.
  afterFirstPage(
    () =>
      void import('./features/devices/devices.api.ts')
        .then((devices) => devices.registerThisDevice())
        .catch(() => undefined),
  );
}

function takeOver(page: PrerenderedPage): void {
  // Beyond the rules the page painted with: those of what it may show next (a menu, another page).
  applyFullStyles(document);
  const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
  const visitor = !knownMe(queryClient);
  if (visitor && page.matches(location, i18next.language)) {
    // Rendered as the visitor the build rendered, while the profile request confirms it (a session
    // this device does not remember answers a member, and the guard sends them on as before).
    if (me === undefined) queryClient.setQueryData(ME_QUERY_KEY, null);
    const giveTypedValuesBack = keepTypedValues(container);
    hydrateRoot(container, app);
    giveTypedValuesBack();
  } else {
    // Another language, a query the page shows (?from=) or a member: rendered anew in its place.
    createRoot(container).render(app);
  }
}
