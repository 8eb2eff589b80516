/**
 * Whether a Socket.IO handshake may go on, from its `Origin` and `Host` headers as the client sent
 * them. Never throws, whatever the client sent: an Origin that is not one absolute URL (`null` from a
 * sandboxed iframe or a file, garbage, several values) is refused. No Origin at all is a client other
 * than a browser (its cookie still has to be valid); a browser page may connect from the app's public
 * origin (PUBLIC_URL) or from the very host it asked.
 */
export function isAllowedOrigin(
  origin: string | string[] | undefined,
  host: string | undefined,
  publicOrigin: string | undefined,
): boolean {
  if (origin === undefined) return true;
  if (typeof origin !== 'string') return false;
  const url = URL.parse(origin);
  // Browsers send an origin serialized (RFC 6454): scheme, host and port, lower case, nothing after.
  // Anything else ("https://a, https://b", a path, "null", "data:") is not one origin.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return false;
  if (publicOrigin && url.origin === publicOrigin) return true;
  return !!host && url.host === host.toLowerCase();
}
