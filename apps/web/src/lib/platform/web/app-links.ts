import type { AppLinks } from '../app-links.ts';
import { isAppPath, OPEN_MESSAGE } from './app-link-message.ts';

/** The web's app links: the service worker focuses this window and posts the page to open. */
export const webAppLinks: AppLinks = {
  listen(open) {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return () => {};
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === OPEN_MESSAGE && isAppPath(data.url)) open(data.url);
    };
    container.addEventListener('message', onMessage);
    // Messages posted before this listener wait in the container's queue until it starts.
    container.startMessages?.();
    return () => container.removeEventListener('message', onMessage);
  },
};
