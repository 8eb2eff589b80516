import type { SecureStoragePlugin } from '@aparajita/capacitor-secure-storage';
import { webServer, type ServerPlatform } from '../server.ts';

/** What the shell reads of the secure storage plugin (the iOS keychain, Android's Keystore-encrypted store). */
export type SecureStoragePort = Pick<SecureStoragePlugin, 'getItem' | 'setItem' | 'removeItem'>;

/** Where the session's token is kept, under the plugin's own prefix. */
const SESSION_KEY = 'motema.session';

/**
 * The server of the mobile app's bundled copy (decision 0052): from the build's configuration
 * (VITE_SERVER_ORIGIN, docs/mobile-app.md), by default the public site. Read here only, so the web's
 * files never carry it.
 */
export const SHELL_SERVER_ORIGIN = new URL(
  (import.meta.env.VITE_SERVER_ORIGIN as string | undefined) || 'https://motema.app',
).origin;

/**
 * The shell's server port: the server's origin for every call, and the session's bearer token, kept
 * in the device's secure storage (not the web view's localStorage, which any script of the page and
 * a backup could read) and held in memory for the synchronous reads of each request. A storage that
 * fails leaves the token in memory for this run: the member signs in again at the next start.
 */
export async function nativeServer(storage: SecureStoragePort, origin: string): Promise<ServerPlatform> {
  let token = (await storage.getItem(SESSION_KEY).catch(() => null)) ?? undefined;
  return {
    origin,
    sessionToken: () => token,
    keepSession(given) {
      token = given;
      storage.setItem(SESSION_KEY, given).catch(() => undefined);
    },
    forgetSession() {
      token = undefined;
      storage.removeItem(SESSION_KEY).catch(() => undefined);
    },
    fetch: webServer.fetch,
  };
}
