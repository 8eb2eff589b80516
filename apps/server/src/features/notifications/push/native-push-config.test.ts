import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../env.ts';
import { FLEXPAY_PRODUCTION_ENV } from '../../../test/production-env.ts';
import { serviceAccountAssertion } from './fcm-access-token.ts';
import { apnsConfigOf, fcmConfigOf, nativePushSummary } from './native-push-config.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ACCOUNT = {
  type: 'service_account',
  project_id: 'motema-prod',
  private_key_id: 'k1',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  client_email: 'push@motema-prod.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
};
const P8 = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const APNS = {
  APNS_KEY: P8,
  APNS_KEY_ID: 'ABC123DEFG',
  APNS_TEAM_ID: 'TEAM123456',
  APNS_TOPIC: 'app.motema',
};
const folders: string[] = [];
const fileWith = (name: string, content: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'motema-push-'));
  folders.push(folder);
  const file = path.join(folder, name);
  writeFileSync(file, content);
  return file;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const env = (values: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...values });

describe('native push settings', () => {
  it('read the service account and the .p8 key given inline or as the path of their file', () => {
    for (const value of [JSON.stringify(ACCOUNT), fileWith('account.json', JSON.stringify(ACCOUNT))]) {
      expect(fcmConfigOf(env({ FCM_SERVICE_ACCOUNT: value }))).toMatchObject({
        serviceAccount: { project_id: 'motema-prod', client_email: ACCOUNT.client_email },
        apiUrl: 'https://fcm.googleapis.com',
      });
    }
    for (const value of [P8, fileWith('AuthKey.p8', P8)]) {
      expect(apnsConfigOf(env({ ...APNS, APNS_KEY: value }))).toMatchObject({
        key: P8.trim(),
        host: 'api.push.apple.com',
        port: 443,
      });
    }
  });

  it('refuse a service account that cannot be read, without repeating the value (a secret)', () => {
    const secret = '{"private_key": "-----BEGIN PRIVATE KEY-----abc"';
    expect(() => fcmConfigOf(env({ FCM_SERVICE_ACCOUNT: secret }))).toThrow(
      /FCM_SERVICE_ACCOUNT: not a service account/,
    );
    expect(() => fcmConfigOf(env({ FCM_SERVICE_ACCOUNT: '/no/such/file.json' }))).toThrow(
      /FCM_SERVICE_ACCOUNT: neither its content nor a readable file/,
    );
    try {
      fcmConfigOf(env({ FCM_SERVICE_ACCOUNT: secret }));
    } catch (error) {
      expect((error as Error).message).not.toContain('BEGIN');
    }
  });

  it('want the four APNs settings together, and the Android app links’ package with its fingerprints', () => {
    expect(() => env({ APNS_KEY: P8, APNS_KEY_ID: 'ABC123DEFG' })).toThrow(
      /APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID, APNS_TOPIC: set all or none/,
    );
    expect(() => env({ ...APNS, APNS_KEY_ID: 'short' })).toThrow(/APNS_KEY_ID/);
    expect(() => env({ APP_LINKS_ANDROID_PACKAGE: 'app.motema' })).toThrow(/set both or neither/);
    expect(() => env({ APP_LINKS_ANDROID_SHA256: 'AB:CD' })).toThrow(/APP_LINKS_ANDROID_SHA256/);
    expect(() => env({ APP_LINKS_IOS_APP_ID: 'app.motema' })).toThrow(/APP_LINKS_IOS_APP_ID/);
  });

  it('keep the access token off clear text in production: FCM_API_URL https only', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://motema.app',
      ...FLEXPAY_PRODUCTION_ENV,
    };
    expect(() => parseEnv({ ...production, FCM_API_URL: 'http://127.0.0.1:7090' })).toThrow(
      /FCM_API_URL: must be https in production/,
    );
    expect(parseEnv(production).FCM_API_URL).toBe('https://fcm.googleapis.com');
  });

  it('are summed up in one line at start: what is sent to, and what is kept only', () => {
    expect(nativePushSummary(env({}))).toBe(
      'Android and iOS push tokens are kept but not sent to: not configured',
    );
    expect(nativePushSummary(env({ ...APNS, APNS_HOST: 'api.sandbox.push.apple.com' }))).toBe(
      'Native push: iOS through APNs (api.sandbox.push.apple.com); Android push tokens are kept but not sent to: not configured',
    );
    expect(nativePushSummary(env({ ...APNS, FCM_SERVICE_ACCOUNT: JSON.stringify(ACCOUNT) }))).toBe(
      'Native push: Android through FCM, iOS through APNs (api.push.apple.com)',
    );
  });
});

describe('the service account’s assertion', () => {
  it('is a JWT signed RS256 with its private key, naming the account, FCM’s scope and the token endpoint, for an hour', () => {
    const now = 1_764_000_000_000;
    const [header, claims, signature] = serviceAccountAssertion(
      fcmConfigOf(env({ FCM_SERVICE_ACCOUNT: JSON.stringify(ACCOUNT) }))!.serviceAccount,
      now,
    ).split('.');
    const read = (part: string | undefined) =>
      JSON.parse(Buffer.from(part!, 'base64url').toString('utf8')) as unknown;

    expect(read(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'k1' });
    expect(read(claims)).toEqual({
      iss: ACCOUNT.client_email,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: 'https://oauth2.googleapis.com/token',
      iat: 1_764_000_000,
      exp: 1_764_003_600,
    });
    expect(
      verify('sha256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature!, 'base64url')),
    ).toBe(true);
  });
});
