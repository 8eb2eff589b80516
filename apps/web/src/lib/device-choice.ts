import { hashKey, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { InterfaceLanguage } from '@motema/shared/languages';
import { DEVICE_CHOICE_CACHE, DEVICE_CHOICE_URL } from '@motema/shared/public-pages';
import { mirrorLanguageChoice } from './language-cookie.ts';
import { knownMe, ME_QUERY_KEY } from './query-client.ts';

/**
 * What the server and the service worker need to know of this device to answer a public page with
 * its prerendered HTML (decision 0023): the language chosen here and whether a member is remembered
 * (and which: home's copy, decision 0024).
 * Both live in the device's storage (lib/device-record.ts), which neither can read: the server gets the language as a cookie (the
 * session cookie tells it of a member), the service worker reads a small record in the Cache Storage
 * (it sees no cookie in every browser), which build/public-pages-worker.ts reads.
 */
export type DeviceChoice = {
  language: InterfaceLanguage | null;
  /** The id of the member remembered here, or null: home's kept copy is served to them alone. */
  member: string | null;
};

let lastRecorded = '';

/** Writes the service worker's record when it changed (a failure only costs the prerendered page). */
async function recordDeviceChoice(choice: DeviceChoice): Promise<void> {
  const body = JSON.stringify(choice);
  if (body === lastRecorded || typeof caches === 'undefined') return;
  lastRecorded = body;
  try {
    const cache = await caches.open(DEVICE_CHOICE_CACHE);
    await cache.put(
      DEVICE_CHOICE_URL,
      new Response(body, { headers: { 'content-type': 'application/json' } }),
    );
  } catch {
    lastRecorded = '';
  }
}

/**
 * Keeps the cookie and the record in step with the device: now (a choice stored before they existed),
 * whenever the language changes (lib/i18n.ts stores a choice first) and whenever the profile query
 * changes (a member logs in or out). `language` reads the stored choice.
 */
export function followDeviceChoice(client: QueryClient, language: () => InterfaceLanguage | null): void {
  const record = () => {
    const stored = language();
    if (stored) mirrorLanguageChoice(stored);
    void recordDeviceChoice({ language: stored, member: knownMe(client)?._id ?? null });
  };
  record();
  i18next.on('languageChanged', record);
  const meHash = hashKey(ME_QUERY_KEY);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === meHash) record();
  });
}
