import type { AppWorker } from '../app-worker.ts';

/**
 * The store pages of the app, from the build's configuration (VITE_ANDROID_STORE_URL,
 * VITE_IOS_STORE_URL: docs/mobile-app.md); by default, Google Play's page of the app id, and the App
 * Store's search for Motema until the app has its Apple id.
 */
export const STORE_URLS = {
  android:
    (import.meta.env.VITE_ANDROID_STORE_URL as string | undefined) ??
    'https://play.google.com/store/apps/details?id=app.motema',
  ios:
    (import.meta.env.VITE_IOS_STORE_URL as string | undefined) ?? 'https://apps.apple.com/search?term=Motema',
};

/**
 * The native app's worker: the app's files come with the app (offline always), and a new version
 * comes from the store, whose page "update" opens (the system opens an outside address in the
 * store's app, not in the app's web view).
 */
export function nativeAppWorker(
  kind: 'android' | 'ios',
  go: (url: string) => void = (url) => location.assign(url),
): AppWorker {
  return {
    servesOffline: () => true,
    async reloadIntoNewVersion() {
      go(STORE_URLS[kind]);
    },
  };
}
