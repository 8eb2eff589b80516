import { webAppWorker } from './web/service-worker-update.ts';

/**
 * What keeps the app available offline and brings its new versions (the web: the service worker,
 * registered by main.tsx through `startPlatform`, ./start.ts).
 */
export type AppWorker = {
  /** Whether it serves this page: the app and what the device kept open without a network. */
  servesOffline(): boolean;
  /** Loads the app's new version (features/devices/updates/); without one at hand, `url` from the network. */
  reloadIntoNewVersion(url: string): Promise<void>;
};

/** This platform's worker: the web's, or the native shell's bound in at start (./start.ts, decision 0048). */
export const appWorker: AppWorker = { ...webAppWorker };
