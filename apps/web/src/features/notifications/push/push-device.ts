/**
 * The push subscription this device registered, kept so logout can name it (`web-token`: the server
 * removes that token, and every token of the session) and so the app knows whose it is. Tiny and
 * free of other imports: the logout mutation (auth) reads it, on the login page's path.
 */
const DEVICE_KEY = 'motema.push.device';

export type PushDeviceRecord = { endpoint: string; userId: string };

export function pushDeviceRecord(): PushDeviceRecord | null {
  try {
    const kept = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Partial<PushDeviceRecord> | null;
    if (typeof kept?.endpoint === 'string' && typeof kept.userId === 'string')
      return { endpoint: kept.endpoint, userId: kept.userId };
  } catch {
    // Unreadable: as if none.
  }
  return null;
}

export function keepPushDevice(record: PushDeviceRecord): void {
  try {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(record));
  } catch {
    // Storage off: logout still removes every token of the session on the server.
  }
}

export function forgetPushDevice(): void {
  try {
    localStorage.removeItem(DEVICE_KEY);
  } catch {
    // nothing kept
  }
}

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
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // No worker, no subscription: nothing to end.
  }
}
