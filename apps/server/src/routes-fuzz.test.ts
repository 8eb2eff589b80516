import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { buildConversation, buildMessage } from './test/chat-factories.ts';
import { createMember, MEMBER_PASSWORD } from './test/factories.ts';
import { buildPhoto, postPhoto, samples } from './test/media-factories.ts';
import { randomIp } from './test/net.ts';
import { openApiConformance } from './test/openapi-conformance.ts';
import { PUBLIC_ROUTES } from './modules/index.ts';
import { routeName } from './plugins/public-routes.ts';
import { apiRoutes, routePath, type Method } from './test/api-routes.ts';

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
  let openApi: ReturnType<typeof openApiConformance>;
  beforeAll(async () => {
    t = await buildTestApp();
    cookie = (await createMember(t)).cookie;
    openApi = openApiConformance(t);
  });
  afterAll(() => t.close());

  it('finds the routes to fuzz', () => {
    const urls = apiRoutes(t).map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('POST /api/auth/register');
    expect(urls).toContain('PUT /api/users/profile');
    expect(urls.length).toBeGreaterThan(15);
  });

  it('answers 401 on every route but the public ones without a session, whatever the request', async () => {
    const routes = apiRoutes(t).map((route) => ({
      ...route,
      name: routeName(route.method, routePath(route.url)),
    }));
    // Every public route is a real one (no stale entry), and most routes are not public.
    expect([...PUBLIC_ROUTES].filter((name) => !routes.some((route) => route.name === name))).toEqual([]);
    const protectedRoutes = routes.filter((route) => !PUBLIC_ROUTES.has(route.name));
    expect(protectedRoutes.length).toBeGreaterThan(routes.length / 2);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...protectedRoutes), junk, async (route, body) => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url.replace(/\{[^}]+\}/g, () => crypto.randomUUID()),
          remoteAddress: randomIp(),
          headers: { 'content-type': 'application/json', cookie: 'motema_session=not-a-live-session' },
          ...(route.method === 'GET'
            ? { query: fuzzedQuery(body) }
            : { payload: JSON.stringify(body) ?? 'null' }),
        });
        expect(res.statusCode, `${route.name} ${res.body}`).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' });
      }),
      { numRuns: 200 },
    );
    // Each protected route at least once, without any cookie.
    for (const route of protectedRoutes) {
      const url = route.url.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
      const res = await t.app.inject({ method: route.method, url, remoteAddress: randomIp() });
      expect(res.statusCode, route.name).toBe(401);
    }
  });

  /** The junk as every query parameter a list route reads (JSON.stringify(undefined) is undefined). */
  const fuzzedQuery = (body: unknown) => {
    const text = String(JSON.stringify(body)).slice(0, 200);
    return { q: text, filter: text, skip: text, limit: text, sort: text, unrated: text };
  };

  it('answers 4xx, never 5xx, with or without a session, each answer as the OpenAPI document gives it', async () => {
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
        openApi.expectDocumented(route.method, route.url, res);
      }),
      { numRuns: 300 },
    );
  });

  it('answers malformed JSON, oversized bodies and unknown content types with 400, 413 and 415', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: randomIp(),
        headers: { 'content-type': contentType },
        payload,
      });
    const broken = await post('{"identifier":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('bad_request');
    const huge = await post(JSON.stringify({ identifier: 'x'.repeat(200_000), password: 'x' }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
    const unknownType = await post('identifier=x', 'application/x-www-form-urlencoded');
    expect(unknownType.statusCode).toBe(415);
    expect(unknownType.json()).toEqual({
      statusCode: 415,
      code: 'bad_request',
      message: 'The request is not valid',
    });
    for (const res of [broken, huge, unknownType]) openApi.expectDocumented('post', '/api/auth/login', res);
  });

  it('answers a path parameter longer than the router takes with 414, the path not echoed', async () => {
    const long = 'a'.repeat(2000);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${long}`, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ statusCode: 414, code: 'bad_request', message: 'The request is not valid' });
    openApi.expectDocumented('get', '/api/users/{id}', res);
  });

  it('answers a method a path does not have with 405 and the methods it has in Allow', async () => {
    const paths = Object.entries(openApi.document.paths ?? {}).filter(([url]) => url.startsWith('/api/'));
    expect(paths.length).toBeGreaterThan(15);
    /** The methods of every documented path `url` matches (`/api/users/logout` is also `/api/users/{id}`). */
    const methodsOf = (url: string) => {
      const methods = paths
        .filter(([path]) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(url))
        .flatMap(([, operations]) => Object.keys(operations).map((method) => method.toUpperCase()));
      if (methods.includes('GET')) methods.push('HEAD');
      return [...new Set(methods)].sort();
    };
    let refused = 0;
    for (const [path] of paths) {
      const url = path.replace(/\{[^}]+\}/g, 'x0');
      const allowed = methodsOf(url);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !allowed.includes(m))) {
        const res = await t.app.inject({ method: method as Method, url, headers: { cookie } });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(String(res.headers.allow).split(', ').sort(), `${method} ${url}`).toEqual(allowed);
        expect(res.json()).toEqual({
          statusCode: 405,
          code: 'method_not_allowed',
          message: 'This method is not allowed here',
        });
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('answers unknown paths 404 whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/users/x0/nothing' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json().code).toBe('not_found');
    }
  });
});

describe('successful answers as the OpenAPI document gives them (R2)', () => {
  let t: TestApp;
  let openApi: ReturnType<typeof openApiConformance>;
  beforeAll(async () => {
    t = await buildTestApp();
    openApi = openApiConformance(t);
  });
  afterAll(() => t.close());

  /** Calls `path` (as the document writes it, `{name}` filled from `params`) and checks the answer. */
  async function call(
    method: Method,
    path: string,
    options: { cookie?: string; payload?: object; params?: Record<string, string> } = {},
  ) {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? '');
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: randomIp(),
      headers: options.cookie ? { cookie: options.cookie } : {},
      ...(options.payload ? { payload: options.payload } : {}),
    });
    openApi.expectDocumented(method, path, res);
    return res;
  }

  it('documents the 204s and 202s without a body that the routes answer', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    const { cookie } = member;
    const password = MEMBER_PASSWORD;

    expect((await call('POST', '/api/blocks', { cookie, payload: { user: other.user.id } })).statusCode).toBe(
      204,
    );
    const unblock = await call('DELETE', '/api/blocks/{user}', { cookie, params: { user: other.user.id } });
    expect(unblock.statusCode).toBe(204);

    const photo = await buildPhoto(t, { owner: member });
    expect((await call('DELETE', '/api/photos/{id}', { cookie, params: { id: photo.id } })).statusCode).toBe(
      204,
    );

    const conversation = await buildConversation(t, { members: [member, other] });
    const message = await buildMessage(t, { conversation, sender: other });
    expect(
      (await call('DELETE', '/api/messages/{id}', { cookie, params: { id: message.id } })).statusCode,
    ).toBe(204);

    const email = member.user.email!;
    expect((await call('POST', '/api/auth/confirm/resend', { payload: { email } })).statusCode).toBe(202);
    expect(
      (await call('POST', '/api/auth/password/send', { payload: { identifier: email } })).statusCode,
    ).toBe(202);

    const newPassword = 'Nzela-ya-sika-2025';
    const change = { currentPassword: password, password: newPassword, confirmation: newPassword };
    expect((await call('PUT', '/api/users/password', { cookie, payload: change })).statusCode).toBe(204);
    expect((await call('PUT', '/api/users/logout', { cookie })).statusCode).toBe(204);

    const closing = await createMember(t);
    const deactivate = await call('POST', '/api/users/deactivate', {
      cookie: closing.cookie,
      payload: { password },
    });
    expect(deactivate.statusCode).toBe(204);
    const deleting = await createMember(t);
    const deletion = await call('DELETE', '/api/users', { cookie: deleting.cookie, payload: { password } });
    expect(deletion.statusCode).toBe(204);
  });

  it('documents the multipart photo upload and the served file, 200 and 304', async () => {
    const member = await createMember(t);
    const upload = await postPhoto(t, member.cookie, await samples.small());
    expect(upload.statusCode).toBe(201);
    openApi.expectDocumented('post', '/api/photos', upload);
    const requestBody = (
      openApi.document.paths?.['/api/photos']?.post as { requestBody?: { content?: Record<string, unknown> } }
    ).requestBody;
    expect(Object.keys(requestBody?.content ?? {})).toEqual(['multipart/form-data']);

    const [photoId, file] = new URL(upload.json().thumbnail, 'http://x').pathname.split('/').slice(-2);
    const params = { photoId: photoId!, file: file! };
    const served = await call('GET', '/api/media/{photoId}/{file}', { cookie: member.cookie, params });
    expect(served.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/media/${photoId}/${file}`,
      headers: { cookie: member.cookie, 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    openApi.expectDocumented('get', '/api/media/{photoId}/{file}', again);
  });
});
