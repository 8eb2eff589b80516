import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Env } from '../../../env.ts';

export type NativePushEnv = Pick<
  Env,
  | 'FCM_SERVICE_ACCOUNT'
  | 'FCM_API_URL'
  | 'APNS_KEY'
  | 'APNS_KEY_ID'
  | 'APNS_TEAM_ID'
  | 'APNS_TOPIC'
  | 'APNS_HOST'
  | 'APNS_PORT'
  | 'APNS_CA'
>;

/** The fields of a Google service account's JSON key file that FCM HTTP v1's authorisation uses. */
const ServiceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
  token_uri: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

export type FcmConfig = { serviceAccount: ServiceAccount; apiUrl: string };
export type ApnsConfig = {
  key: string;
  keyId: string;
  teamId: string;
  topic: string;
  host: string;
  port: number;
  ca: string | undefined;
};

/** A setting given as its content (a JSON object, a PEM block) or as the path of a file holding it. */
function contentOf(name: string, value: string, looksInline: (text: string) => boolean): string {
  if (looksInline(value.trim())) return value.trim();
  try {
    return readFileSync(value, 'utf8').trim();
  } catch {
    // The value may be the secret itself, mistyped: never repeat it.
    throw new Error(`Invalid configuration:\n  - ${name}: neither its content nor a readable file`);
  }
}
const isPem = (text: string) => text.startsWith('-----BEGIN ');

/** FCM's settings, or null when Android pushes are not configured. Throws on an unreadable account. */
export function fcmConfigOf(env: NativePushEnv): FcmConfig | null {
  if (!env.FCM_SERVICE_ACCOUNT) return null;
  const text = contentOf('FCM_SERVICE_ACCOUNT', env.FCM_SERVICE_ACCOUNT, (value) => value.startsWith('{'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const account = ServiceAccountSchema.safeParse(parsed);
  if (!account.success) {
    throw new Error('Invalid configuration:\n  - FCM_SERVICE_ACCOUNT: not a service account JSON key');
  }
  return { serviceAccount: account.data, apiUrl: env.FCM_API_URL.replace(/\/+$/, '') };
}

/** APNs' settings, or null when iOS pushes are not configured (parseEnv wants all four or none). */
export function apnsConfigOf(env: NativePushEnv): ApnsConfig | null {
  if (!env.APNS_KEY || !env.APNS_KEY_ID || !env.APNS_TEAM_ID || !env.APNS_TOPIC) return null;
  return {
    key: contentOf('APNS_KEY', env.APNS_KEY, isPem),
    keyId: env.APNS_KEY_ID,
    teamId: env.APNS_TEAM_ID,
    topic: env.APNS_TOPIC,
    host: env.APNS_HOST,
    port: env.APNS_PORT,
    ca: env.APNS_CA ? contentOf('APNS_CA', env.APNS_CA, isPem) : undefined,
  };
}

/** The start's one line about native push: which platforms are sent to. */
export function nativePushSummary(env: NativePushEnv): string {
  const android = env.FCM_SERVICE_ACCOUNT ? 'Android through FCM' : null;
  const ios = env.APNS_KEY ? `iOS through APNs (${env.APNS_HOST})` : null;
  const on = [android, ios].filter(Boolean);
  const off = [!android && 'Android', !ios && 'iOS'].filter(Boolean);
  return [
    on.length ? `Native push: ${on.join(', ')}` : null,
    off.length ? `${off.join(' and ')} push tokens are kept but not sent to: not configured` : null,
  ]
    .filter(Boolean)
    .join('; ');
}
