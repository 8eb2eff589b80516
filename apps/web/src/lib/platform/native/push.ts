import type { PermissionState } from '@capacitor/core';
import type { PushNotificationsPlugin } from '@capacitor/push-notifications';
import type { PushPermission, PushPlatform } from '../push.ts';

/** What the native push reads of `@capacitor/push-notifications` (tests pass their own). */
export type PushNotificationsPort = Pick<
  PushNotificationsPlugin,
  'checkPermissions' | 'requestPermissions' | 'register' | 'unregister' | 'addListener'
>;

/** Capacitor's permission in the web's words: asking again is possible until refused. */
const permissionOf = (state: PermissionState): PushPermission =>
  state === 'granted' ? 'granted' : state === 'denied' ? 'denied' : 'default';

/**
 * The device's token at its push service: `register()` answers by the `registration` event (or
 * `registrationError`), never by its promise, so both are listened to for this one call.
 */
function registerOnce(plugin: PushNotificationsPort): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const handles = [
      plugin.addListener('registration', ({ value }) => settle(() => resolve(value))),
      plugin.addListener('registrationError', ({ error }) => settle(() => reject(new Error(error)))),
    ];
    const settle = (then: () => void) => {
      for (const handle of handles) void handle.then((listener) => listener.remove());
      then();
    };
    plugin.register().catch((error: unknown) => settle(() => reject(error)));
  });
}

/**
 * Native push (`@capacitor/push-notifications`): the system's permission, and the token of the push
 * service the system uses, which the server reaches through its adapters: FCM's on Android, APNs' on
 * iOS (`kind`). The server's VAPID key is the web's only and never asked for. The permission is read
 * once at start and after each question, so the port's `permission()` stays synchronous.
 */
export async function nativePush(
  plugin: PushNotificationsPort,
  kind: 'android' | 'ios',
): Promise<PushPlatform> {
  let permission = permissionOf((await plugin.checkPermissions()).receive);
  let registering: Promise<string> | undefined;
  const token = () => (registering ??= registerOnce(plugin).finally(() => (registering = undefined)));
  const registration = async () => (kind === 'android' ? { android: await token() } : { ios: await token() });
  return {
    support: () => 'supported',
    permission: () => permission,
    async askPermission() {
      permission = permissionOf((await plugin.requestPermissions()).receive);
      return permission;
    },
    // Registering again gives the token the system holds (FCM may have renewed it since).
    current: async () => (permission === 'granted' ? registration().catch(() => null) : null),
    async subscribe() {
      if (permission !== 'granted') throw new Error('push_not_permitted');
      return registration();
    },
    async end() {
      try {
        await plugin.unregister();
      } catch {
        // Nothing registered: nothing to end.
      }
    },
  };
}
