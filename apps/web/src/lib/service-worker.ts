import { registerSW } from 'virtual:pwa-register';

/** Registers the service worker that caches the app shell, so the start page opens offline. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  registerSW({ immediate: true });
}
