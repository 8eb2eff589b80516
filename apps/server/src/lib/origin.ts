/**
 * Whether a request comes from the app's own pages: the one origin rule of the server, for Socket.IO
 * handshakes and state-changing HTTP requests alike (decision 0032). Never throws, whatever the client
 * sent.
 */

/** The request headers the rule reads (Node's `IncomingHttpHeaders`, or HTTP/2's with `:authority`). */
export type OriginHeaders = {
  origin?: string | string[] | undefined;
  'sec-fetch-site'?: string | string[] | undefined;
  host?: string | undefined;
  ':authority'?: string | string[] | undefined;
};

/**
 * From the app, or from a client that is no browser: each header a browser sends must say the app.
 * `Sec-Fetch-Site`, when sent, must be `same-origin` (a page of a sibling subdomain or of another port
 * of the same host is `same-site`, refused). `Origin`, when sent, must be the app's (isAllowedOrigin).
 * Neither header: curl, a server, a native app, the tests' `inject`: CSRF needs a browser, and every
 * browser sends one of them on a state-changing request or a WebSocket.
 */
export function isFromTheApp(
  headers: OriginHeaders,
  publicOrigin: string | undefined,
  shellOrigins: ReadonlySet<string> = NO_SHELLS,
): boolean {
  // The mobile app's bundled copy calls from its own origin, cross-site by nature; its requests carry
  // no cookie session (plugins/session.ts), only the bearer it was given (decision 0052).
  if (isFromAShell(headers, publicOrigin, shellOrigins)) return true;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  // The host asked: Host over HTTP/1.1, :authority over HTTP/2 (browsers send no Host there).
  const authority = headers[':authority'];
  const host = headers.host ?? (typeof authority === 'string' ? authority : undefined);
  return isAllowedOrigin(headers.origin, host, publicOrigin);
}

/**
 * Whether an `Origin` header is the app's. An Origin that is not one absolute URL (`null` from a
 * sandboxed iframe or a file, garbage, several values) is refused. No Origin at all is a client other
 * than a browser; a browser page may come from the app's public origin (PUBLIC_URL) or from the very
 * host it asked (in development, the Vite server at :5173 forwards its own Host to the API).
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

const NO_SHELLS: ReadonlySet<string> = new Set();

/**
 * Whether a request comes from the mobile app's bundled copy (decision 0052): its `Origin` is one of
 * SHELL_ORIGINS (`https://localhost` on Android, `capacitor://localhost` on iOS), compared as sent,
 * and is not the app's own origin (a development server at https://localhost stays a browser's page).
 * Such a request's session is its bearer token alone: the cookie, which any page at that origin on a
 * computer could make a browser send, opens nothing.
 */
export function isFromAShell(
  headers: Pick<OriginHeaders, 'origin' | 'host' | ':authority'>,
  publicOrigin: string | undefined,
  shellOrigins: ReadonlySet<string>,
): boolean {
  const origin = headers.origin;
  if (typeof origin !== 'string' || !shellOrigins.has(origin)) return false;
  const authority = headers[':authority'];
  const host = headers.host ?? (typeof authority === 'string' ? authority : undefined);
  return !isAllowedOrigin(origin, host, publicOrigin);
}
