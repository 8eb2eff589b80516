import type {
  NotificationSettingsUpdate,
  VapidKeys,
  WebPushSubscription,
} from '@motema/shared/notifications';
import { api } from '../../../lib/api-client.ts';

/** The server's VAPID public key, which the browser's subscription is made for. */
export function fetchVapidKey(): Promise<VapidKeys> {
  return api<VapidKeys>('/push-tokens/vapidKeys');
}

/** Registers this browser's subscription for the session's member (upserted: a browser moves to its member). */
export function registerWebPush(subscription: WebPushSubscription): Promise<void> {
  return api<void>('/push-tokens', { method: 'POST', body: { web: subscription } });
}

/** Discreet texts, chosen in the prompt (Settings > Notifications has the same choice). */
export function chooseDiscreet(): Promise<unknown> {
  const update: NotificationSettingsUpdate = { discreet: true };
  return api('/notifications/settings', { method: 'PUT', body: update });
}
