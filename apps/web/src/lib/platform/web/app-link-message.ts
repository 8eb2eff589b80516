/**
 * What the service worker (build/push-worker.ts) posts to an open window of the app when a
 * notification is tapped: `{ type: OPEN_MESSAGE, url }`. No imports: the build reads it too.
 */
export const OPEN_MESSAGE = 'motema:notification-open';

/** A path of this app (not `//host`, not a full URL): all a notification may open. */
export const isAppPath = (url: unknown): url is string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
