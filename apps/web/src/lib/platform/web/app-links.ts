import type { AppLinks } from '../app-links.ts';
import { isAppPath, OPEN_MESSAGE } from './app-link-message.ts';

/** The page a message asked for before anything listened, and the one listener. */
let waiting: string | null = null;
let opener: ((path: string) => void) | null = null;
const followed = new WeakSet<ServiceWorkerContainer>();

const workerOf = () => (typeof navigator === 'undefined' ? undefined : navigator.serviceWorker);

function onMessage(event: MessageEvent) {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  if (data?.type !== OPEN_MESSAGE || !isAppPath(data.url)) return;
  if (opener) opener(data.url);
  else waiting = data.url;
}

function follow(container: ServiceWorkerContainer) {
  if (followed.has(container)) return;
  followed.add(container);
  container.addEventListener('message', onMessage);
}

/**
 * Listened for from when this module loads, not from when the screen that opens the pages mounts:
 * the browser starts delivering the worker's messages once the document is parsed, and a page painted
 * by the server (decision 0057) is parsed long before the app's screens mount, so a tap on a
 * notification in between was lost. It waits here for the listener.
 */
const atLoad = workerOf();
if (atLoad) follow(atLoad);

/** The web's app links: the service worker focuses this window and posts the page to open. */
export const webAppLinks: AppLinks = {
  listen(open) {
    const container = workerOf();
    if (!container) return () => {};
    follow(container);
    opener = open;
    // Messages posted before any listener wait in the container's queue until it starts.
    container.startMessages?.();
    if (waiting !== null) {
      const path = waiting;
      waiting = null;
      open(path);
    }
    return () => {
      if (opener === open) opener = null;
    };
  },
};
