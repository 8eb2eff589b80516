import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApnsService, type ApnsService } from './apns-service.ts';
import { startFcmService, type FcmService } from './fcm-service.ts';
import { startNativeControl } from './native-control.ts';
import { selfSignedCertificate } from './self-signed-certificate.ts';

// `npm run sim:push`'s control of the native services, for what runs in another process.
describe('the local FCM and APNs services’ control API', () => {
  let fcm: FcmService;
  let apns: ApnsService;
  let control: Awaited<ReturnType<typeof startNativeControl>>;
  beforeAll(async () => {
    [fcm, apns] = await Promise.all([startFcmService(), startApnsService({ tls: selfSignedCertificate() })]);
    control = await startNativeControl({ fcm, apns });
  });
  afterAll(() => Promise.all([control.close(), fcm.close(), apns.close()]));

  const call = (method: string, path: string) => fetch(`${control.origin}/__sim${path}`, { method });

  it('gives each service’s device tokens and reads what they received', async () => {
    for (const [name, service] of [
      ['fcm', fcm],
      ['apns', apns],
    ] as const) {
      const made = await call('POST', `/${name}/devices`);
      expect(made.status).toBe(201);
      const { token } = (await made.json()) as { token: string };
      expect(service.received(token)).toEqual([]);
      const messages = await call('GET', `/${name}/devices/${encodeURIComponent(token)}/messages`);
      expect(await messages.json()).toEqual([]);
      expect((await call('POST', `/${name}/devices/${encodeURIComponent(token)}/unregister`)).status).toBe(
        204,
      );
    }
  });

  it('answers 404 for a token it never gave, and for another service', async () => {
    expect((await call('GET', '/apns/devices/abc/messages')).status).toBe(404);
    expect((await call('POST', '/webpush/devices')).status).toBe(404);
  });
});
