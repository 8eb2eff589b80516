import type { NotificationSettingsUpdate, PushTokenInput, VapidKeys } from '@motema/shared/notifications';
import { api } from '../../../lib/api-client.ts';

/** The server's VAPID public key, which the browser's subscription is made for. */
export function fetchVapidKey(): Promise<VapidKeys> {
  return api<VapidKeys>('/push-tokens/vapidKeys');
}

/**
 * Registers this device's push address for the session's member (upserted: a device moves to its
 * member): a browser's subscription (`web`), or the native app's FCM (`android`) or APNs (`ios`) token.
 */
export function registerPushToken(registration: PushTokenInput): Promise<void> {
  return api<void>('/push-tokens', { method: 'POST', body: registration });
}

/** Discreet texts, chosen in the prompt (Settings > Notifications has the same choice). */
export function chooseDiscreet(): Promise<unknown> {
  const update: NotificationSettingsUpdate = { discreet: true };
  return api('/notifications/settings', { method: 'PUT', body: update });
}
