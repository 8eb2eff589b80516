import type { PushTokenInput } from '@motema/shared/notifications';
import { deviceRecord, storedFields } from '../../../lib/device-record.ts';
import { push } from '../../../lib/platform/push.ts';

/** Which push service a token is of: a browser's (web push), FCM's (android) or APNs' (ios). */
export type PushTokenKind = 'web' | 'android' | 'ios';
const KINDS: readonly string[] = ['web', 'android', 'ios'] satisfies PushTokenKind[];

/**
 * The push token this device registered, kept so logout can name it (`web-token`, `android-token` or
 * `ios-token`: the server removes that token, and every token of the session) and so the app knows
 * whose it is. A browser's token is its subscription's endpoint. Tiny and free of other imports but a
 * lib helper: the logout mutation (auth) reads it, on the login page's path.
 */
export type PushDeviceRecord = { kind: PushTokenKind; token: string; userId: string };

const kept = deviceRecord<PushDeviceRecord>('motema.push.device', (stored) => {
  const fields = storedFields(stored);
  if (typeof fields?.userId !== 'string') return null;
  // Kept before native apps by earlier builds: a browser's endpoint.
  if (typeof fields.endpoint === 'string')
    return { kind: 'web', token: fields.endpoint, userId: fields.userId };
  return typeof fields.token === 'string' && typeof fields.kind === 'string' && KINDS.includes(fields.kind)
    ? { kind: fields.kind as PushTokenKind, token: fields.token, userId: fields.userId }
    : null;
});

export const pushDeviceRecord = (): PushDeviceRecord | null => kept.read();
/** Storage refused: logout still removes every token of the session on the server. */
export const keepPushDevice = (record: PushDeviceRecord): void => kept.keep(record);
export const forgetPushDevice = (): void => kept.forget();

/** The kind and token logout names of what POST /api/push-tokens registered. */
export function pushTokenOf(registration: PushTokenInput): Omit<PushDeviceRecord, 'userId'> {
  if ('web' in registration) return { kind: 'web', token: registration.web.endpoint };
  if ('android' in registration) return { kind: 'android', token: registration.android };
  return { kind: 'ios', token: registration.ios };
}

type LogoutTokens = { 'web-token'?: string; 'android-token'?: string; 'ios-token'?: string };

/**
 * What logout sends: the tokens asked for, and this device's push token when it registered one. The
 * device's registration is ended too (best effort), so the next member to log in on this device is
 * asked before anything reaches them; the server would have refused it anyway (tokens stop with their
 * session).
 */
export function withPushDeviceToken<T extends LogoutTokens>(tokens: T): T {
  const record = pushDeviceRecord();
  if (!record || tokens[`${record.kind}-token`]) return tokens;
  return { ...tokens, [`${record.kind}-token`]: record.token };
}

/** Ends this device's push registration and forgets it (after logout). */
export async function endPushOnDevice(): Promise<void> {
  forgetPushDevice();
  await push.end();
}
