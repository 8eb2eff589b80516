import { runsInNativeShell } from './native-shell.ts';

/**
 * Where the app's server is, and the session the app shows it (decision 0052). On the web: the page's
 * own origin (API, socket and media by path) and the browser's cookie, which goes by itself. In the
 * mobile app's bundled copy (native/server.ts), whose page lives at the shell's own origin: the
 * server's origin from the build, and a bearer token kept in the device's secure storage, since the
 * web view sends no cookie of the server's site.
 */
export type ServerPlatform = {
  /** '' (the page's origin: relative URLs) or the server's origin, e.g. `https://motema.app`. */
  origin: string;
  /** The session's token to send (`Authorization: Bearer`, the socket's `auth.session`); none on the web. */
  sessionToken(): string | undefined;
  /** Keeps the token a sign-in answered (the shell only: a browser is never given one). */
  keepSession(token: string): void;
  /** Forgets it: the session ended (logout, a 401, the account closed). */
  forgetSession(): void;
  /**
   * How a request reaches the server: the browser's fetch, except while the server paints a page
   * (server-render.tsx), where each of the page's API calls goes to the server's own routes with the
   * visit's cookie.
   */
  fetch(url: string, init: RequestInit): Promise<Response>;
};

export const webServer: ServerPlatform = {
  origin: '',
  sessionToken: () => undefined,
  keepSession: () => {},
  forgetSession: () => {},
  // Looked up at each call: tests replace the global fetch.
  fetch: (url, init) => fetch(url, init),
};

/** This platform's server: the web's, or the native shell's bound in at start (./start.ts, decision 0048). */
export const server: ServerPlatform = { ...webServer };

let pending: Promise<void> | undefined;
let settle: (() => void) | undefined;
let startFailed = false;

/**
 * What to wait for before calling the server: nothing on the web (undefined, so a request leaves at
 * once, as it always did); in the shell, until its start bound the native server (its origin is set)
 * or failed. The first page's requests leave before the platform has started (main.tsx), and in the
 * shell they need the server's origin and the kept token.
 */
export function serverPending(): Promise<void> | undefined {
  if (!runsInNativeShell() || server.origin || startFailed) return undefined;
  return (pending ??= new Promise<void>((resolve) => (settle = resolve)));
}

/** The shell's start bound the server port (or, `failed`, could not): the waiting requests go. */
export function serverBound(failed = false): void {
  startFailed ||= failed;
  settle?.();
  pending = undefined;
}
