import webpush from 'web-push';
import type { Db } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import { storeOrReadVapidKeys, type VapidKeyPair } from './vapid-keys.repository.ts';

/** The server's VAPID identity (RFC 8292): the key pair every subscription is bound to, and a contact. */
export type VapidDetails = VapidKeyPair & { subject: string };

/**
 * Per database client (one per app), the keys once read: they never change, and a subscription made
 * with the public key stays valid only while the same pair signs. A failed read is not kept.
 */
const cache = new WeakMap<Db, Promise<VapidKeyPair>>();

/**
 * The VAPID keys, made with web-push the first time they are needed and kept in `vapid_keys`; a
 * server (or a second node) starting later reads the same ones.
 */
export async function vapidDetailsOf(deps: {
  db: Db;
  env: Pick<Env, 'VAPID_SUBJECT' | 'PUBLIC_URL'>;
}): Promise<VapidDetails> {
  let keys = cache.get(deps.db);
  if (!keys) {
    keys = storeOrReadVapidKeys(deps.db, webpush.generateVAPIDKeys());
    cache.set(deps.db, keys);
    keys.catch(() => cache.delete(deps.db));
  }
  return { ...(await keys), subject: vapidSubject(deps.env) };
}

/** VAPID_SUBJECT, else support at PUBLIC_URL's host (a push service's operator may write there). */
export function vapidSubject(env: Pick<Env, 'VAPID_SUBJECT' | 'PUBLIC_URL'>): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : '';
  // localhost or an address is no mail domain: the project's own address then.
  const isDomain = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[');
  return `mailto:support@${isDomain ? host : 'motema.app'}`;
}
