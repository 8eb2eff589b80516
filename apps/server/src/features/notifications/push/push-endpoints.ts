import type { Env } from '../../../env.ts';

/**
 * Where the server may post a push: HTTPS on a known push service's host, or an origin the
 * environment lists (PUSH_SERVICE_ORIGINS: the local push service in tests, e2e and development).
 * The server posts to whatever endpoint a member registers, so any other URL (the server's own
 * network, a cloud's metadata address, a file) is refused: no request forgery through push.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari
];
/** Microsoft's WNS serves Edge on Windows from regional hosts. */
const PUSH_SERVICE_HOST_SUFFIXES = ['.notify.windows.com'];

export function pushServiceOrigins(env: Pick<Env, 'PUSH_SERVICE_ORIGINS'>): string[] {
  return env.PUSH_SERVICE_ORIGINS;
}

export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // Credentials in the URL would be sent along; no push service gives such an endpoint.
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.includes(host) ||
    PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length)
  );
}
