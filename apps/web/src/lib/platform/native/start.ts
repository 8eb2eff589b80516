import { App } from '@capacitor/app';
import { Device } from '@capacitor/device';
import { PushNotifications } from '@capacitor/push-notifications';
import { StatusBar, Style } from '@capacitor/status-bar';
import { appLinks } from '../app-links.ts';
import { appWorker } from '../app-worker.ts';
import { device } from '../device.ts';
import { push } from '../push.ts';
import { followAppUrls, nativeAppLinks } from './app-links.ts';
import { nativeAppWorker } from './app-worker.ts';
import { followBackButton, type BackButtonRouter } from './back-button.ts';
import { nativeDevice } from './device.ts';
import { nativePush } from './push.ts';

/** The brand's primary (DESIGN.md, the manifest's theme colour): the status bar's background. */
const BRAND_COLOUR = '#E0474C';

/** The router the native shell drives: links the system opens, and the back button. */
export type ShellRouter = BackButtonRouter & { navigate(path: string): unknown };

/**
 * Binds the native implementations into the platform's ports (decision 0048), before the app renders,
 * then follows what the system hands the app: its links (a cold start's too) and the back button.
 * Loaded by ../start.ts only in the native shell, so none of it is in the web app's files. Storage stays
 * the web view's localStorage (the decision says why).
 */
export async function startNativeShell(router: ShellRouter): Promise<void> {
  const info = await Device.getInfo();
  const kind = info.platform === 'ios' ? 'ios' : 'android';
  Object.assign(device, nativeDevice(info));
  Object.assign(push, await nativePush(PushNotifications, kind));
  Object.assign(appLinks, nativeAppLinks(PushNotifications));
  Object.assign(appWorker, nativeAppWorker(kind));
  await followBackButton(App, router);
  await followAppUrls(App, (path) => void router.navigate(path));
  // Light text on the brand colour; the web view starts below the bar (Android; iOS draws it over).
  await StatusBar.setStyle({ style: Style.Dark }).catch(() => undefined);
  await StatusBar.setBackgroundColor({ color: BRAND_COLOUR }).catch(() => undefined);
}
