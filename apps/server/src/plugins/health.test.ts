import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@motema/shared/errors';
import { connectDatabase } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { freePort } from '../test/redis-server.ts';
import { registerErrorHandler } from './errors.ts';
import { healthRoutes } from './health.ts';

/** The health route and the app's error handler alone, on a database at `url`. */
async function healthAppOn(url: string) {
  const database = connectDatabase(url, { max: 2 });
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(healthRoutes, { db: database.db });
  return { app, close: () => app.close().then(() => database.close()) };
}

const UNAVAILABLE = {
  statusCode: 503,
  code: 'service_unavailable',
  message: ERROR_MESSAGES.service_unavailable,
};

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 when the database answers, to anyone, never cached, and is in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/health'].get.responses)).toEqual(
      expect.arrayContaining(['200', '503']),
    );
  });

  it('answers 503 service_unavailable, with Retry-After, when the database refuses connections', async () => {
    const { app, close } = await healthAppOn(`postgres://motema:motema@127.0.0.1:${await freePort()}/none`);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
      expect(res.headers['retry-after']).toBe('2');
    } finally {
      await close();
    }
  });

  it('answers 503 within its timeout when the database takes connections but never answers', async () => {
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const { app, close } = await healthAppOn(`postgres://motema:motema@127.0.0.1:${port}/none`);
    try {
      const began = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
      // The probe's own timeout is longer: a hanging database never hangs the check (1 s, with slack).
      expect(performance.now() - began).toBeLessThan(5000);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
      await close();
    }
  });
});
