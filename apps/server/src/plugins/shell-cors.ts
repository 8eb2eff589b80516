import type { FastifyInstance } from 'fastify';
import { SHELL_SESSION_HEADER } from '@motema/shared/shell-session';
import { isFromAShell } from '../lib/origin.ts';

/** What a shell's page may send: the API client's methods. */
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** How long a web view may keep a preflight's answer (Chromium caps it at 2 hours, WebKit at 10 minutes). */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Cross-origin reads of /api for the mobile app's bundled copy (decision 0052), whose pages live at a
 * shell's origin (SHELL_ORIGINS: `https://localhost`, `capacitor://localhost`) and call the server's.
 * Their requests get CORS's answer (credentials allowed, the session header readable) and their
 * preflights a 204; any other origin's get no CORS header, so its pages still read nothing. What a
 * shell's request may change is the origin rule's (lib/origin.ts), and whose session it carries the
 * session plugin's (the bearer, never the cookie). Socket.IO answers its own (realtime/server.ts).
 */
export function allowShellOrigins(
  app: FastifyInstance,
  publicOrigin: string | undefined,
  shellOrigins: ReadonlySet<string>,
): void {
  if (shellOrigins.size === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || !isFromAShell(request.headers, publicOrigin, shellOrigins))
      return;
    void reply.headers({
      'access-control-allow-origin': request.headers.origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': `${SHELL_SESSION_HEADER}, retry-after`,
      vary: 'Origin',
    });
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return;
    // A preflight: answered here, before the routes (none of which takes OPTIONS) and the limits.
    return reply
      .headers({
        'access-control-allow-methods': METHODS,
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
        'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
      })
      .code(204)
      .send();
  });
}
