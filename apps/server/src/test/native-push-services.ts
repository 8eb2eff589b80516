import { startApnsService, type ApnsService } from '@motema/push-sim/apns';
import { startFcmService, type FcmService } from '@motema/push-sim/fcm';
import { expect } from 'vitest';
import { closeNativeSenders } from '../features/notifications/push/native-senders.ts';
import { asMember } from './factories.ts';
import { selfSignedCertificate } from './self-signed-certificate.ts';

export type { ApnsService, FcmService };
export type NativePushServices = { fcm: FcmService; apns: ApnsService; ca: string };

/**
 * A test file's local FCM (HTTP v1) and APNs (HTTP/2 over TLS, a certificate made now) services
 * (packages/push-sim), in beforeAll; the app reaches them with `nativePushEnv`.
 */
export async function startNativePushServices(): Promise<NativePushServices> {
  const tls = selfSignedCertificate();
  const [fcm, apns] = await Promise.all([startFcmService(), startApnsService({ tls })]);
  return { fcm, apns, ca: tls.cert };
}

/** Closes the app's native adapters (APNs' connection) and the services, in afterAll. */
export async function closeNativePushServices(services: NativePushServices): Promise<void> {
  await closeNativeSenders();
  await Promise.all([services.fcm.close(), services.apns.close()]);
}

/** The settings that send Android pushes to the local FCM service and iOS ones to the local APNs. */
export const nativePushEnv = ({ fcm, apns, ca }: NativePushServices): Record<string, string> => ({
  FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.serviceAccount),
  FCM_API_URL: fcm.origin,
  APNS_KEY: apns.signingKey,
  APNS_KEY_ID: apns.keyId,
  APNS_TEAM_ID: apns.teamId,
  APNS_TOPIC: apns.topic,
  APNS_HOST: apns.host,
  APNS_PORT: String(apns.port),
  APNS_CA: ca,
});

/**
 * A phone of the member behind `cookie`: a token from the local service of its platform (FCM for
 * Android, APNs for iOS), registered with `POST /api/push-tokens` as the app does.
 */
export async function registerPhone(
  t: Parameters<typeof asMember>[0],
  services: NativePushServices,
  cookie: string,
  platform: 'android' | 'ios',
): Promise<string> {
  const token = platform === 'android' ? services.fcm.register() : services.apns.register();
  const registered = await asMember(t, cookie)('POST', '/api/push-tokens', { [platform]: token });
  expect(registered.statusCode).toBe(204);
  return token;
}
