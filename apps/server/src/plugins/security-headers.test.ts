import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EARLY_TAP_RECORDER } from '@motema/shared/early-taps';
import { asFileAnswer, registerSecurityHeaders } from './security-headers.ts';

/** The pages' one inline script (the early taps' recorder), allowed by its hash and by nothing wider. */
const RECORDER = `'sha256-${createHash('sha256').update(EARLY_TAP_RECORDER).digest('base64')}'`;

/** What @fastify/helmet sent with the app's options, header for header (outside production). */
const EXPECTED = {
  'content-security-policy': `default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self' ${RECORDER};script-src-attr 'none';style-src 'self' 'unsafe-inline';media-src 'self' blob:;connect-src 'self' ws: wss:;worker-src 'self'`,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

async function serverWith(production: boolean) {
  const app = Fastify({ trustProxy: true });
  await registerSecurityHeaders(app, { production });
  app.get('/plain', () => ({ ok: true }));
  app.get('/assets/index-Ab12.js', (_request, reply) => reply.type('text/javascript').send('export {};'));
  // A stored file's answer (a photo, a live's segment).
  app.get('/api/media/p1/160.webp', (_request, reply) => asFileAnswer(reply).type('image/webp').send('RIFF'));
  // A route with a stricter policy of its own (chat files do so): the route's header wins.
  app.get('/own-policy', (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'; sandbox").send('file'),
  );
  await app.ready();
  return app;
}

describe('security headers', () => {
  it('are helmet’s, on answers of routes and on 404s, the same on every request', async () => {
    const app = await serverWith(false);
    for (const url of ['/plain', '/plain', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      const sent = Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, res.headers[name]]));
      expect(sent, url).toEqual(EXPECTED);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    await app.close();
  });

  it('on the build’s scripts and style sheets, are only those that act on them', async () => {
    const app = await serverWith(false);
    for (const url of ['/assets/index-Ab12.js', '/assets/missing-Cd34.css']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      const sent = Object.keys(EXPECTED).filter((name) => res.headers[name] !== undefined);
      expect(sent, url).toEqual([
        'cross-origin-resource-policy',
        'referrer-policy',
        'x-content-type-options',
      ]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    // Any other address there may be answered with a page: every header.
    const other = await app.inject({ method: 'GET', url: '/assets/index-Ab12' });
    expect(other.headers['content-security-policy']).toBe(EXPECTED['content-security-policy']);
    await app.close();
  });

  it('on a stored file, are those that act on it, with a policy that runs nothing if it is opened as a page', async () => {
    const app = await serverWith(true);
    const res = await app.inject({ method: 'GET', url: '/api/media/p1/160.webp' });
    const sent = Object.keys(EXPECTED).filter((name) => res.headers[name] !== undefined);
    expect(sent).toEqual([
      'content-security-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-content-type-options',
    ]);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('ask browsers to upgrade insecure requests in production only', async () => {
    const app = await serverWith(true);
    const res = await app.inject({ method: 'GET', url: '/plain' });
    expect(res.headers['content-security-policy']).toBe(
      EXPECTED['content-security-policy'].replace(
        "style-src 'self' 'unsafe-inline';",
        "style-src 'self' 'unsafe-inline';upgrade-insecure-requests;",
      ),
    );
    await app.close();
  });

  it('leave a route its own policy, and add HSTS to HTTPS requests only', async () => {
    const app = await serverWith(false);
    const own = await app.inject({ method: 'GET', url: '/own-policy' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(own.headers['x-frame-options']).toBe('SAMEORIGIN');
    const https = await app.inject({
      method: 'GET',
      url: '/plain',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});
