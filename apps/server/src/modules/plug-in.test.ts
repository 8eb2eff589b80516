import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { routes, type FeatureModule } from './feature-module.ts';
import { featureModules } from './index.ts';

/** What a new feature's parts did, each resolved when it happened. */
function signal<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const greetingsRoutes: FastifyPluginAsyncZod<AppDeps & { greeting: string }> = async (app, deps) => {
  app.get('/greetings/visitors', async () => ({ greeting: deps.greeting }));
  app.get('/greetings/members', async () => ({ greeting: deps.greeting }));
  app.post('/greetings/callback', async () => ({ ok: true }));
};

describe('a new feature is a folder and one line in the modules array', () => {
  const heard = signal<string[]>();
  const worked = signal<{ name: string }>();
  const ticked = signal<string>();
  const realtimeSeen = signal<boolean>();
  const greetings: FeatureModule = {
    name: 'greetings',
    routes: [routes(greetingsRoutes, ({ deps }) => ({ ...deps, greeting: 'mbote' }))],
    publicRoutes: ['GET /api/greetings/visitors', 'POST /api/greetings/callback'],
    crossOriginRoutes: ['POST /api/greetings/callback'],
    realtime: ({ realtime }) => realtimeSeen.resolve(typeof realtime.closeSessions === 'function'),
    subscribers: ({ deps }) =>
      deps.events.on('sessions.revoked', ({ sessionIds }) => heard.resolve(sessionIds)),
    workers: async ({ deps }) => {
      await deps.jobs.work<{ name: string }>('greetings', async (job) => worked.resolve(job));
    },
    periodic: [
      { name: 'greeting', everyMs: 3_600_000, atStart: true, run: async () => ticked.resolve('ran') },
    ],
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ modules: [...featureModules, greetings] });
  });
  afterAll(() => t?.close());

  it('serves its routes under /api: public ones to a visitor, the others behind a session', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/greetings/visitors' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ greeting: 'mbote' });
    const member = await t.app.inject({ method: 'GET', url: '/api/greetings/members' });
    expect(member.statusCode).toBe(401);
    expect(member.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('exempts its machine callback from the origin rule, and only that', async () => {
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const callback = await t.app.inject({ method: 'POST', url: '/api/greetings/callback', headers: foreign });
    expect(callback.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: foreign,
      payload: {},
    });
    expect(other.json()).toMatchObject({ code: 'origin_not_allowed' });
  });

  it('hears the event port, works its queue, runs its periodic job and reaches the sockets', async () => {
    await t.app.deps.events.emit('sessions.revoked', { sessionIds: ['none'] });
    expect(await heard.promise).toEqual(['none']);
    await t.jobs.send('greetings', { name: 'Awa' });
    expect(await worked.promise).toEqual({ name: 'Awa' });
    expect(await ticked.promise).toBe('ran');
    expect(await realtimeSeen.promise).toBe(true);
  });
});
