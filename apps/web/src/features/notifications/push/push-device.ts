import { deviceRecord, storedFields } from '../../../lib/device-record.ts';
import { push } from '../../../lib/platform/push.ts';

/**
 * The push subscription this device registered, kept so logout can name it (`web-token`: the server
 * removes that token, and every token of the session) and so the app knows whose it is. Tiny and
 * free of other imports but a lib helper: the logout mutation (auth) reads it, on the login page's path.
 */
export type PushDeviceRecord = { endpoint: string; userId: string };

const kept = deviceRecord<PushDeviceRecord>('motema.push.device', (stored) => {
  const fields = storedFields(stored);
  return typeof fields?.endpoint === 'string' && typeof fields.userId === 'string'
    ? { endpoint: fields.endpoint, userId: fields.userId }
    : null;
});

export const pushDeviceRecord = (): PushDeviceRecord | null => kept.read();
/** Storage refused: logout still removes every token of the session on the server. */
export const keepPushDevice = (record: PushDeviceRecord): void => kept.keep(record);
export const forgetPushDevice = (): void => kept.forget();

/**
 * What logout sends: the tokens asked for, and this device's web push endpoint when it registered one.
 * The browser's subscription is ended too (best effort), so the next member to log in on this browser
 * is asked before anything reaches them; the server would have refused it anyway (tokens stop with their
 * session).
 */
export function withPushDeviceToken<T extends { 'web-token'?: string }>(tokens: T): T {
  const record = pushDeviceRecord();
  if (!record || tokens['web-token']) return tokens;
  return { ...tokens, 'web-token': record.endpoint };
}

/** Ends this browser's push subscription and forgets it (after logout). */
export async function endPushOnDevice(): Promise<void> {
  forgetPushDevice();
  await push.end();
}
