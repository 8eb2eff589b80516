import { registerSW } from 'virtual:pwa-register';
import { filesLoadedBefore } from './files-loaded-before.ts';
import { setServiceWorkerUpdate } from './service-worker-update.ts';

/** Registers the service worker that caches the app shell, so the start page opens offline. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
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
