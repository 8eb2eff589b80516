import { registerSW } from 'virtual:pwa-register';
import { keepFilesLoadedBefore } from './files-loaded-before.ts';
import { setServiceWorkerUpdate } from './service-worker-update.ts';

/** Registers the service worker that caches the app shell, so the start page opens offline. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // registerType 'prompt' (vite.config.ts): a new worker waits until the member agrees to reload
  // (features/devices/updates/); this function is how the page then hands over to it.
  setServiceWorkerUpdate(registerSW({ immediate: true }));
  // On a first visit the files loaded before the worker took the page over were never kept by it.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', keepFilesLoadedBefore, { once: true });
  }
}
