import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema.ts';
import { apiRoutes, routePath } from '../test/api-routes.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildConversation, buildMessage } from '../test/chat-factories.ts';
import { createMember, newSession } from '../test/factories.ts';
import { mediaSnapshot, multipartBody, photoCount, samples } from '../test/media-factories.ts';
import { randomIp } from '../test/net.ts';
import { openApiConformance } from '../test/openapi-conformance.ts';
import { CROSS_ORIGIN_ROUTES } from '../modules/index.ts';
import { routeName } from './public-routes.ts';

/** The app as the browser reaches it, and pages of the same site that are not it. */
const HOST = 'localhost:3000';
const APP = { origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' };
/** Another port of the same host (in production, a sibling subdomain): the same site, another origin. */
const SIBLING = { origin: 'http://localhost:5999', 'sec-fetch-site': 'same-site' };
const FOREIGN: Record<string, Record<string, string>> = {
  'a sibling page': SIBLING,
  'an Origin of the same site': { origin: SIBLING.origin },
  'Sec-Fetch-Site: same-site': { 'sec-fetch-site': 'same-site' },
  'another site': { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  'the app’s Origin with Sec-Fetch-Site: same-site': { origin: APP.origin, 'sec-fetch-site': 'same-site' },
  'Origin null': { origin: 'null' },
};

/** Refused by the origin rule (another 403, or any other answer, is the route's own). */
const refusedForOrigin = (res: { statusCode: number; body: string }) =>
  res.statusCode === 403 && JSON.parse(res.body).code === 'origin_not_allowed';

describe('state-changing requests only from the app’s pages (CSRF, decision 0032)', () => {
  let t: TestApp;
  let openApi: ReturnType<typeof openApiConformance>;
  beforeAll(async () => {
    t = await buildTestApp();
    openApi = openApiConformance(t);
  });
  afterAll(() => t.close());

  const send = (
    method: string,
    url: string,
    headers: Record<string, string>,
    body: { payload: string | Buffer; headers: Record<string, string> } = {
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    },
  ) =>
    t.app.inject({
      method: method as 'POST',
      url,
      remoteAddress: randomIp(),
      payload: body.payload,
      headers: { host: HOST, ...body.headers, ...headers },
    });

  it('refuses every POST, PUT, PATCH and DELETE of the API from another origin, and takes the app’s', async () => {
    const member = await createMember(t);
    const changing = apiRoutes(t).filter((route) => route.method !== 'GET');
    const names = changing.map((route) => routeName(route.method, routePath(route.url)));
    expect(names).toContain('POST /api/messages/:id/unsend');
    expect(names).toContain('POST /api/photos');
    expect(names).toContain('POST /api/stories/:id/views');
    expect(names).toContain('POST /api/user-subscriptions/:id/cancel');
    expect(changing.length).toBeGreaterThan(40);
    for (const route of changing) {
      const name = routeName(route.method, routePath(route.url));
      const url = route.url.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
      for (const [what, headers] of Object.entries(FOREIGN)) {
        const res = await send(route.method, url, { cookie: member.cookie, ...headers });
        if (CROSS_ORIGIN_ROUTES.has(name)) {
          expect(refusedForOrigin(res), `${name} from ${what}`).toBe(false);
        } else {
          expect(res.statusCode, `${name} from ${what}`).toBe(403);
          expect(res.json(), `${name} from ${what}`).toMatchObject({ code: 'origin_not_allowed' });
        }
        openApi.expectDocumented(route.method, route.url, res);
      }
      // From the app's page (a session of its own: the route may end it), and from no browser at all.
      for (const headers of [APP, {}]) {
        const { cookie } = await newSession(t, member.user.id);
        const res = await send(route.method, url, { cookie, ...headers });
        expect(refusedForOrigin(res), `${name} ${JSON.stringify(headers)}`).toBe(false);
      }
    }
    // A generous bound: some 500 requests on a loaded machine, not a measure of speed.
  }, 120_000);

  it('a sibling page cannot unsend a member’s message; the app’s page and a client without Origin can', async () => {
    const conversation = await buildConversation(t);
    const [author] = conversation.members;
    const unsend = async (headers: Record<string, string>) => {
      const message = await buildMessage(t, { conversation, sender: author });
      const res = await send('POST', `/api/messages/${message.id}/unsend`, {
        cookie: author.cookie,
        ...headers,
      });
      const [row] = await t.db.select().from(messages).where(eq(messages.id, message.id));
      return { status: res.statusCode, unsent: row!.unsentAt !== null };
    };
    expect(await unsend(SIBLING)).toEqual({ status: 403, unsent: false });
    expect(await unsend({ 'sec-fetch-site': 'same-site' })).toEqual({ status: 403, unsent: false });
    expect(await unsend(APP)).toMatchObject({ unsent: true });
    expect(await unsend({})).toMatchObject({ unsent: true });
  });

  it('refuses every upload from a sibling page before reading it: nothing stored', async () => {
    const member = await createMember(t);
    const conversation = await buildConversation(t, { members: [member] });
    const before = await mediaSnapshot(t);
    const photo = multipartBody({ bytes: await samples.small() }, {});
    for (const url of ['/api/photos', '/api/media/uploads', `/api/conversations/${conversation.id}/files`]) {
      const foreign: Record<string, string>[] = [
        SIBLING,
        { 'sec-fetch-site': 'same-site' },
        { origin: SIBLING.origin },
      ];
      for (const headers of foreign) {
        const res = await send('POST', url, { cookie: member.cookie, ...headers }, photo);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().code).toBe('origin_not_allowed');
      }
    }
    expect(await mediaSnapshot(t)).toEqual(before);
    const own = await send('POST', '/api/photos', { cookie: member.cookie, ...APP }, photo);
    expect(own.statusCode).toBe(201);
    expect(await photoCount(t.db, member.user.id)).toBe(1);
  });

  it('lets the payment provider’s callback and the one-click unsubscribe in from anywhere', async () => {
    for (const name of CROSS_ORIGIN_ROUTES) expect(name.startsWith('POST /api/')).toBe(true);
    const callback = await send('POST', `/api/payments/callback/flexpay/${'x'.repeat(40)}`, SIBLING);
    expect(refusedForOrigin(callback)).toBe(false);
    const unsubscribe = await send('POST', '/api/notifications/unsubscribe?token=nothing', SIBLING);
    expect(unsubscribe.statusCode).toBe(404);
  });
});
