import { registerSW } from 'virtual:pwa-register';
import { queriesSettled } from '../../queries-settled.ts';
import { queryClient } from '../../query-client.ts';
import { whenIdle } from '../../when-idle.ts';
import { filesLoadedBefore } from './files-loaded-before.ts';
import { setServiceWorkerUpdate } from './service-worker-update.ts';

/**
 * Registers the service worker that caches the app shell, so the start page opens offline, once the
 * first screen no longer needs the line: ../start.ts loads this module (a chunk of its own, out of the
 * entry) once the first page's code and texts are in; it then waits for the page's load event, for
 * the browser to be idle (the page rendered, its queries started) and for no query to be fetching
 * (the screen's data are in). Registered at once, the worker's install downloaded the shell (the start
 * and login pages' files, the English texts) while a first visit's own files were still on a slow
 * line, and once it took the page over, the page asked again for every file it had loaded (below):
 * 52 of the 125 requests before home was usable on Regular 3G (bar B4, issue 33's request count).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const whenSettled = () => whenIdle(() => void queriesSettled(queryClient).then(register));
  if (document.readyState === 'complete') whenSettled();
  else addEventListener('load', whenSettled, { once: true });
}

function register(): void {
  // registerType 'prompt' (vite.config.ts): a new worker waits until the member agrees to reload
  // (features/devices/updates/); this function is how the page then hands over to it.
  setServiceWorkerUpdate(registerSW({ immediate: true }));
  // On a first visit the worker takes the page over only after the page has loaded its first files:
  // those never went through it, so it never kept them, and a module already loaded is not asked for
  // again. Asked once more when the worker takes over, they are kept (from the browser's HTTP cache,
  // where hashed files stay a year: no download), and the screens open offline from then on.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', keepFilesLoadedBefore, { once: true });
  }
}

function keepFilesLoadedBefore(): void {
  const files = filesLoadedBefore(performance.getEntriesByType('resource'), location.origin);
  for (const file of new Set(files)) void fetch(file).catch(() => {});
}
