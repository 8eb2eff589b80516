import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EARLY_TAP_RECORDER } from '@motema/shared/early-taps';

/** helmet's own value: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The one inline script the pages carry, allowed by its hash: the recorder of taps made before any
 * script ran (@motema/shared/early-taps), in the head of every painted page with controls.
 */
export const EARLY_TAP_RECORDER_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAP_RECORDER).digest('base64')}'`;

/** The app's helmet options: the Content Security Policy of the web app; HSTS is the hook's own. */
export function securityHeaderOptions(options: { production: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", EARLY_TAP_RECORDER_SOURCE],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  };
}

/**
 * The headers helmet's middleware sets for these options (names in lower case), found once by running
 * it on a stand-in response: with static options they are the same for every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The web build's hashed scripts and style sheets, as the pages ask for them. Only by their type: any
 * other address under `assets/` may be answered with a page (the app shell), which keeps every header.
 */
const BUILD_FILE = /^\/assets\/[^?]*\.(?:js|css)(?:\?|$)/;

/**
 * Of helmet's headers, those that act on a file a page loads (a script, a style sheet, a photo, a
 * live's segment): never sniffed as another type, loaded by this site's pages alone, and the referrer
 * policy of the requests a style sheet makes. The others act on documents only (the policy of a page,
 * its framing, its opener, its agent cluster...); the service worker's scripts, whose policy is the
 * worker's, are not in `assets/`.
 */
const FILE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'];

/** Helmet's headers that act on documents only: what a file's answer leaves out. */
const DOCUMENT_HEADERS = Object.keys(helmetHeaders(securityHeaderOptions({ production: false }))).filter(
  (name) => !FILE_HEADERS.includes(name),
);

/** The policy of a stored file opened as a page: nothing loads, nothing runs. */
const FILE_POLICY = "default-src 'none'; sandbox";

/**
 * A stored file's answer (a photo, a chat file, a live's segment, a moderation case's snapshot): the
 * headers that act on a file (FILE_HEADERS), never sniffed, and a policy under which, opened as a
 * page, it runs nothing.
 */
export function asFileAnswer(reply: FastifyReply): FastifyReply {
  for (const name of DOCUMENT_HEADERS) reply.removeHeader(name);
  return reply.headers({ 'x-content-type-options': 'nosniff', 'content-security-policy': FILE_POLICY });
}

/**
 * Security headers on every answer (helmet's): the Content Security Policy of the web app, and
 * Strict-Transport-Security only on answers to requests that came over HTTPS (`request.protocol`,
 * which follows X-Forwarded-Proto when TRUST_PROXY is set). Over plain HTTP the header means nothing
 * (browsers must ignore it, RFC 6797 section 8.1) and would only claim a protection that is not there.
 * The build's scripts and style sheets (BUILD_FILE) get those that act on them alone, as the stored
 * files do (`asFileAnswer`): the others cost about 500 bytes a file over HTTP/1.1, where headers are
 * not compressed, and a first visit loads some 70 scripts and style sheets, a session some 80 photos
 * (QUALITY B6; decision 0070).
 *
 * The headers are computed once at start: @fastify/helmet built helmet's middleware again on every
 * request (parsing the policy's directives each time), about 100 µs a request (QUALITY B1).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean },
): Promise<void> {
  const headers = helmetHeaders(securityHeaderOptions(options));
  const buildFileHeaders = Object.fromEntries(FILE_HEADERS.map((name) => [name, headers[name]!]));
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(BUILD_FILE.test(request.url) ? buildFileHeaders : headers);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}
