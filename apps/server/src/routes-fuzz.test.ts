import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { createMember } from './test/factories.ts';
import { randomIp } from './test/net.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every API route of the OpenAPI document, so a new route is fuzzed without being listed here. */
function apiRoutes(t: TestApp): { method: Method; url: string }[] {
  const document = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths ?? {})
    .filter(([url]) => url.startsWith('/api/') && !url.startsWith('/api/docs'))
    .flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, url })),
    );
}

/** Bodies of every shape: wrong types, deep nesting, huge strings, arrays, prototype keys. */
const junk = fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 6, withNullPrototype: true }),
  fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'status', 'role', 'email', 'password', 'code'),
    fc.anything({ maxDepth: 1 }),
  ),
  fc.string({ minLength: 1000, maxLength: 20_000 }).map((s) => ({ password: s, email: s, code: s })),
);

describe('every API route under generated bad input (R2)', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp();
    cookie = (await createMember(t)).cookie;
  });
  afterAll(() => t.close());

  it('finds the routes to fuzz', () => {
    const urls = apiRoutes(t).map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('POST /api/auth/register');
    expect(urls).toContain('PUT /api/users/profile');
    expect(urls.length).toBeGreaterThan(15);
  });

  /** The junk as every query parameter a list route reads (JSON.stringify(undefined) is undefined). */
  const fuzzedQuery = (body: unknown) => {
    const text = String(JSON.stringify(body)).slice(0, 200);
    return { q: text, filter: text, skip: text, limit: text, sort: text, unrated: text };
  };

  it('answers 4xx, never 5xx, with or without a session', async () => {
    const routes = apiRoutes(t);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), junk, fc.boolean(), async (route, body, withSession) => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          remoteAddress: randomIp(),
          headers: withSession ? { cookie } : {},
          ...(route.method === 'GET'
            ? { query: fuzzedQuery(body) }
            : {
                payload: JSON.stringify(body) ?? 'null',
                headers: { 'content-type': 'application/json', ...(withSession ? { cookie } : {}) },
              }),
        });
        expect(res.statusCode, `${route.method} ${route.url} ${res.body}`).toBeLessThan(500);
        // Logging out ends the session the other runs use: start a new one.
        if (withSession && route.url === '/api/users/logout') cookie = (await createMember(t)).cookie;
        if (res.statusCode >= 400)
          expect(res.json()).toMatchObject({ statusCode: res.statusCode, code: expect.any(String) });
      }),
      { numRuns: 300 },
    );
  });

  it('answers malformed JSON and oversized bodies with 400 and 413', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('bad_request');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ identifier: 'x'.repeat(200_000), password: 'x' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
  });
});
