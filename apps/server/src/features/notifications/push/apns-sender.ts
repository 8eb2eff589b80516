import apn from '@parse/node-apn';
import type { PushPayload } from '@motema/shared/notifications';
import type { ApnsConfig } from './native-push-config.ts';
import { PUSH_SEND_TIMEOUT_MS, type NativeSender, type PushOptions } from './push-delivery.ts';

/** APNs' answers that mean the token is dead: the app was uninstalled, or the token was never valid here. */
const DEAD_TOKEN = [
  { status: 410, reason: 'Unregistered' },
  { status: 400, reason: 'BadDeviceToken' },
] as const;

/** apns-collapse-id is at most 64 bytes; web push's Topic (32 characters) always fits. */
const COLLAPSE_ID_MAX = 64;

/**
 * The notification for an iOS device: the visible alert (the worker's title and body: the neutral
 * ones in discreet mode) and, beside `aps`, what the app needs when it is tapped (`url`, the path it
 * opens) and to group (`tag`, also the thread). Nothing else: no name, no text, no picture beyond
 * what the title and body already say. `apns-collapse-id` replaces the one shown (web push's Topic).
 */
export function apnsNotification(
  topic: string,
  payload: PushPayload,
  options: PushOptions,
  nowMs: number,
): apn.Notification {
  const notification = new apn.Notification();
  notification.topic = topic;
  notification.pushType = 'alert';
  notification.priority = options.urgency === 'high' ? 10 : 5;
  notification.expiry = Math.floor(nowMs / 1000) + options.ttlSeconds;
  if (options.topic && options.topic.length <= COLLAPSE_ID_MAX) notification.collapseId = options.topic;
  notification.alert = { title: payload.title, body: payload.body };
  notification.sound = 'default';
  notification.threadId = payload.tag;
  notification.payload = {
    kind: payload.kind,
    url: payload.url,
    tag: payload.tag,
    count: payload.count,
    at: payload.at,
  };
  return notification;
}

/**
 * iOS pushes through APNs with token authentication (@parse/node-apn: a JWT signed ES256 with the .p8
 * key, renewed by the library before its hour runs out) over one HTTP/2 connection kept open.
 * 410 Unregistered and 400 BadDeviceToken mean the token is dead.
 */
export function createApnsSender(config: ApnsConfig): NativeSender {
  const provider = new apn.Provider({
    token: { key: config.key, keyId: config.keyId, teamId: config.teamId },
    address: config.host,
    port: config.port,
    production: config.host === 'api.push.apple.com',
    requestTimeout: PUSH_SEND_TIMEOUT_MS,
    ...(config.ca && { ca: [config.ca] }),
  });
  return {
    async send(token, payload, options) {
      // Real time, not the app's clock: APNs reads the expiry against its own.
      const notification = apnsNotification(config.topic, payload, options, Date.now());
      try {
        const { sent, failed } = await provider.send(notification, token);
        if (sent.length > 0) return 'sent';
        const failure = failed[0];
        const dead = DEAD_TOKEN.some(
          (each) => each.status === Number(failure?.status) && each.reason === failure?.response?.reason,
        );
        return dead ? 'gone' : 'failed';
      } catch {
        return 'failed';
      }
    },
    close: () => provider.shutdown(),
  };
}
