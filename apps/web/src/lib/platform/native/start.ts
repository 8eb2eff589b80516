import { SecureStorage } from '@aparajita/capacitor-secure-storage';
import { App, type AppPlugin } from '@capacitor/app';
import { Device, type DeviceInfo, type DevicePlugin } from '@capacitor/device';
import { PushNotifications } from '@capacitor/push-notifications';
import { StatusBar, Style, type StatusBarPlugin } from '@capacitor/status-bar';
import { appLinks } from '../app-links.ts';
import { appWorker } from '../app-worker.ts';
import { device } from '../device.ts';
import { push } from '../push.ts';
import { server, serverBound } from '../server.ts';
import { followAppUrls, nativeAppLinks } from './app-links.ts';
import { nativeAppWorker } from './app-worker.ts';
import { followBackButton, type BackButtonRouter } from './back-button.ts';
import { nativeDevice } from './device.ts';
import { nativePush, type PushNotificationsPort } from './push.ts';
import { nativeServer, SHELL_SERVER_ORIGIN, type SecureStoragePort } from './server.ts';
import { fetchWithSession, followServerMedia } from './server-media.ts';

/** The brand's primary (DESIGN.md, the manifest's theme colour): the status bar's background. */
const BRAND_COLOUR = '#E0474C';
/** Android 15's API level, from which apps are drawn edge to edge under the status bar. */
const ANDROID_15_SDK = 35;

/** The router the native shell drives: links the system opens, and the back button. */
export type ShellRouter = BackButtonRouter & { navigate(path: string): unknown };

/** What the shell reads of Capacitor's plugins; tests pass fakes that answer as the native ones do. */
export type ShellPlugins = {
  app: Pick<AppPlugin, 'addListener' | 'getLaunchUrl' | 'exitApp'>;
  device: Pick<DevicePlugin, 'getInfo'>;
  push: PushNotificationsPort;
  statusBar: Pick<StatusBarPlugin, 'setStyle' | 'setBackgroundColor'>;
  secureStorage: SecureStoragePort;
};

const CAPACITOR_PLUGINS: ShellPlugins = {
  app: App,
  device: Device,
  push: PushNotifications,
  statusBar: StatusBar,
  secureStorage: SecureStorage,
};

let stopMedia: (() => void) | undefined;

/**
 * Stops showing the server's media with the session: for the tests, whose files share one document,
 * so that no follower started by one file fetches the next file's pictures.
 */
export function stopFollowingServerMedia(): void {
  stopMedia?.();
  stopMedia = undefined;
}

/**
 * Binds the native implementations into the platform's ports (decision 0048), before the app renders,
 * then follows what the system hands the app (its links, a cold start's too, and the back button) and
 * colours the status bar. Loaded by ../start.ts only in the native shell, so none of it is in the web
 * app's files. Storage stays the web view's localStorage (the decision says why), but for the
 * session's token, kept in the device's secure storage (decision 0052).
 */
export async function startNativeShell(
  router: ShellRouter,
  plugins: ShellPlugins = CAPACITOR_PLUGINS,
  serverOrigin = SHELL_SERVER_ORIGIN,
): Promise<void> {
  // First: the calls of the parts below, and the first page's waiting ones, go to the server with
  // the kept session, and the server's media shown on the page are fetched with it (decision 0052).
  Object.assign(server, await nativeServer(plugins.secureStorage, serverOrigin));
  // The calls waiting for it go now, not after the parts below (push waits for the system's answer).
  serverBound();
  stopFollowingServerMedia();
  stopMedia = followServerMedia(document.body, fetchWithSession(server));
  const info = await plugins.device.getInfo();
  const kind = info.platform === 'ios' ? 'ios' : 'android';
  Object.assign(device, nativeDevice(info));
  Object.assign(push, await nativePush(plugins.push, kind));
  Object.assign(appLinks, nativeAppLinks(plugins.push));
  Object.assign(appWorker, nativeAppWorker(kind));
  await followBackButton(plugins.app, router);
  // Android tells a cold start's link twice (the launch URL, and appUrlOpen kept for the first listener).
  await followAppUrls(plugins.app, (path) => {
    const { pathname, search, hash } = router.state.location;
    if (path !== `${pathname}${search}${hash}`) void router.navigate(path);
  });
  await colourStatusBar(plugins.statusBar, info);
}

/**
 * Android before 15 draws the status bar's own background: the brand's colour, light text on it. On
 * iOS, and from Android 15 on (edge to edge, the plugin's background ignored), the page shows under the
 * bar: its text follows the system's light or dark scheme, as the page's colours do.
 */
async function colourStatusBar(statusBar: ShellPlugins['statusBar'], info: DeviceInfo): Promise<void> {
  const ownBackground = info.platform === 'android' && (info.androidSDKVersion ?? 0) < ANDROID_15_SDK;
  try {
    if (!ownBackground) return await statusBar.setStyle({ style: Style.Default });
    await statusBar.setBackgroundColor({ color: BRAND_COLOUR });
    await statusBar.setStyle({ style: Style.Dark });
  } catch {
    // A system without the call: its own colours stay.
  }
}
