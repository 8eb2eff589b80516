import type { AppPlugin } from '@capacitor/app';
import type { AppLinks } from '../app-links.ts';
import { isAppPath } from '../web/app-link-message.ts';
import type { PushNotificationsPort } from './push.ts';

/**
 * The path after the domain of a link the system opened the app with ("opening an app URL navigates
 * to the path after the domain", SPEC): `https://motema.app/profile/1?tab=posts` opens
 * `/profile/1?tab=posts`. Null for what is no URL.
 */
export function appPathOf(url: string): string | null {
  const parsed = URL.parse(url);
  if (!parsed) return null;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return isAppPath(path) ? path : null;
}

/**
 * Links to Motema the system hands the app (Android's app links, iOS's universal links): while it runs
 * (`appUrlOpen`), and the one it was started with (`getLaunchUrl`, a cold start). Followed from start
 * on, for visitors too (a link in an e-mail); `open` goes there.
 */
export async function followAppUrls(
  app: Pick<AppPlugin, 'addListener' | 'getLaunchUrl'>,
  open: (path: string) => void,
): Promise<void> {
  const follow = (url: string | undefined) => {
    const path = url === undefined ? null : appPathOf(url);
    if (path) open(path);
  };
  await app.addListener('appUrlOpen', ({ url }) => follow(url));
  follow((await app.getLaunchUrl())?.url);
}

/**
 * The native app's links from notifications: a tapped notification opens the path its data carries
 * (`url`, as the web push's payload), a path of this app only. Capacitor keeps a tap that started the
 * app until this listener comes.
 */
export function nativeAppLinks(plugin: Pick<PushNotificationsPort, 'addListener'>): AppLinks {
  return {
    listen(open) {
      const handle = plugin.addListener('pushNotificationActionPerformed', ({ notification }) => {
        const url: unknown = (notification.data as { url?: unknown } | undefined)?.url;
        if (isAppPath(url)) open(url);
      });
      return () => void handle.then((listener) => listener.remove());
    },
  };
}
