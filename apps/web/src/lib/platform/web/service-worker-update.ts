import type { AppWorker } from '../app-worker.ts';

/**
 * How the page hands over to a new version of the app (features/devices/updates/). Apart from
 * service-worker.ts, which imports the build's virtual module: this one runs in tests too.
 */

/** registerSW's update function: tells the waiting worker to take over, then reloads the page. */
let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;

/** How long a new worker may take to install before the page reloads without it (it takes the next load). */
const INSTALL_WAIT_MS = 10_000;

/** Given by service-worker.ts once the worker is registered (registerType 'prompt', vite.config.ts). */
export function setServiceWorkerUpdate(update: (reloadPage?: boolean) => Promise<void>): void {
  updateServiceWorker = update;
}

/** Resolves once `worker` installed (or failed), or after INSTALL_WAIT_MS. */
function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, INSTALL_WAIT_MS);
    worker.addEventListener('statechange', done);
  });
}

/**
 * Loads the new version of the app (`device:{id}` said one exists; features/devices/updates/): the
 * worker is asked to look for its new script (the browser checks only now and then), and once the
 * new one waits, it takes over and the page reloads into it (registerSW's update function).
 * Without a service worker (not supported, development), or if none came, the page loads `url`
 * from the network.
 */
export async function reloadIntoNewVersion(url: string): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration && updateServiceWorker) {
    await registration.update().catch(() => undefined);
    if (registration.installing) await installed(registration.installing);
    if (registration.waiting) return updateServiceWorker(true);
  }
  location.assign(url);
}

/** The web's app worker: the service worker of vite-plugin-pwa (registerType 'prompt'). */
export const webAppWorker: AppWorker = {
  servesOffline: () => typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller,
  reloadIntoNewVersion,
};
