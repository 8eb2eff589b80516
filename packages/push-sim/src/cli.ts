// `npm run sim:push`: the local push services on their own, for a development server: Web Push
// (PUSH_SIM_PORT, default 7080), FCM HTTP v1 (FCM_SIM_PORT, 7081), APNs over HTTP/2 and TLS
// (APNS_SIM_PORT, 7082) and the native services' control API (PUSH_SIM_CONTROL_PORT, 7083). It prints
// the server's settings for each. Web Push: make subscriptions with
// `curl -X POST <origin>/__sim/subscriptions`, read what they got at .../<id>/messages. Android and
// iOS: `curl -X POST <control>/__sim/fcm/devices` (or apns) gives a device token, read what it got
// at .../devices/<token>/messages (native-control.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startApnsService } from './apns-service.ts';
import { startFcmService } from './fcm-service.ts';
import { startPushService } from './index.ts';
import { startNativeControl } from './native-control.ts';
import { selfSignedCertificate } from './self-signed-certificate.ts';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const tls = selfSignedCertificate();
const [service, fcm, apns] = await Promise.all([
  startPushService({ port: port('PUSH_SIM_PORT', 7080) }),
  startFcmService({ port: port('FCM_SIM_PORT', 7081) }),
  startApnsService({ tls, port: port('APNS_SIM_PORT', 7082) }),
]);
const control = await startNativeControl({ fcm, apns }, port('PUSH_SIM_CONTROL_PORT', 7083));
// The keys as files, which the server's settings may name (secrets of these local services only).
const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-push-sim-'));
const file = async (name: string, content: string) => {
  const where = path.join(dir, name);
  await writeFile(where, content, { mode: 0o600 });
  return where;
};
const [account, key, ca] = await Promise.all([
  file('fcm-service-account.json', JSON.stringify(fcm.serviceAccount)),
  file('apns-key.p8', apns.signingKey),
  file('apns-ca.pem', tls.cert),
]);
console.log(`Local push services (127.0.0.1 only)
Web Push on ${service.origin}
  PUSH_SERVICE_ORIGINS=${service.origin}
  Control API: POST ${service.origin}/__sim/subscriptions, GET ${service.origin}/__sim/subscriptions/<id>/messages,
    POST ${service.origin}/__sim/subscriptions/<id>/expire
FCM HTTP v1 on ${fcm.origin}, APNs on https://${apns.host}:${apns.port}: the server's settings
  FCM_API_URL=${fcm.origin}
  FCM_SERVICE_ACCOUNT=${account}
  APNS_HOST=${apns.host} APNS_PORT=${apns.port} APNS_KEY_ID=${apns.keyId} APNS_TEAM_ID=${apns.teamId} APNS_TOPIC=${apns.topic}
  APNS_KEY=${key} APNS_CA=${ca}
  Control API: POST ${control.origin}/__sim/<fcm|apns>/devices (a device token),
    GET ${control.origin}/__sim/<fcm|apns>/devices/<token>/messages, POST .../devices/<token>/unregister`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void Promise.all([
        service.close(),
        fcm.close(),
        apns.close(),
        control.close(),
        rm(dir, { recursive: true, force: true }),
      ]).then(() => process.exit(0)),
  );
}
