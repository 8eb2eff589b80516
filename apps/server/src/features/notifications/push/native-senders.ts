import type { PushTokenRow } from '../../../db/schema.ts';
import { apnsConfigOf, fcmConfigOf, type NativePushEnv } from './native-push-config.ts';
import { createApnsSender } from './apns-sender.ts';
import { createFcmSender } from './fcm-sender.ts';
import type { NativeSender } from './push-delivery.ts';

export type NativePlatform = Exclude<PushTokenRow['platform'], 'web'>;
export type NativeSenders = Partial<Record<NativePlatform, NativeSender>>;

/**
 * Per configuration, the adapters once made: FCM's access token and APNs' HTTP/2 connection are
 * reused by every push of the process. Keyed by the settings (the same in every parse of the env).
 */
const made = new Map<string, NativeSenders>();

const keyOf = (env: NativePushEnv) =>
  JSON.stringify([
    env.FCM_SERVICE_ACCOUNT,
    env.FCM_API_URL,
    env.APNS_KEY,
    env.APNS_KEY_ID,
    env.APNS_TEAM_ID,
    env.APNS_TOPIC,
    env.APNS_HOST,
    env.APNS_PORT,
    env.APNS_CA,
  ]);

/** The configured platforms' adapters (none configured: none; their tokens are kept, not sent to). */
export function nativeSendersOf(env: NativePushEnv): NativeSenders {
  const key = keyOf(env);
  let senders = made.get(key);
  if (!senders) {
    const fcm = fcmConfigOf(env);
    const apns = apnsConfigOf(env);
    senders = {
      ...(fcm && { android: createFcmSender(fcm) }),
      ...(apns && { ios: createApnsSender(apns) }),
    };
    made.set(key, senders);
  }
  return senders;
}

/** The platforms a push reaches: web always, Android and iOS once configured. */
export function pushPlatforms(env: NativePushEnv): PushTokenRow['platform'][] {
  const senders = nativeSendersOf(env);
  return ['web', ...(Object.keys(senders) as NativePlatform[])];
}

/** Closes the adapters' connections (the app closes; a test's local services go). */
export async function closeNativeSenders(): Promise<void> {
  const all = [...made.values()].flatMap((senders) => Object.values(senders));
  made.clear();
  await Promise.all(all.map((sender) => sender.close()));
}
