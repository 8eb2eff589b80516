import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  ConfirmEmailSchema,
  LoginSchema,
  LogoutSchema,
  RegisterSchema,
  ResendConfirmationSchema,
  ResetPasswordSchema,
  ResetSendSchema,
  ResetVerifySchema,
} from '@motema/shared/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { randomIp } from '../../test/net.ts';

type Route = { method: 'POST' | 'PUT'; url: string; schema: z.ZodType; keys: string[] };

const ROUTES: Route[] = [
  {
    method: 'POST',
    url: '/api/auth/register',
    schema: RegisterSchema,
    keys: ['username', 'email', 'password', 'dateOfBirth', 'acceptTerms', 'firstName', 'sex', 'language'],
  },
  { method: 'POST', url: '/api/auth/confirm', schema: ConfirmEmailSchema, keys: ['email', 'code', 'token'] },
  { method: 'POST', url: '/api/auth/confirm/resend', schema: ResendConfirmationSchema, keys: ['email'] },
  { method: 'POST', url: '/api/auth/login', schema: LoginSchema, keys: ['identifier', 'password'] },
  {
    method: 'POST',
    url: '/api/auth/password/send',
    schema: ResetSendSchema,
    keys: ['identifier', 'channel'],
  },
  {
    method: 'POST',
    url: '/api/auth/password/verify',
    schema: ResetVerifySchema,
    keys: ['identifier', 'code'],
  },
  {
    method: 'POST',
    url: '/api/auth/password/reset',
    schema: ResetPasswordSchema,
    keys: ['identifier', 'code', 'password', 'confirmation'],
  },
  {
    method: 'PUT',
    url: '/api/users/logout',
    schema: LogoutSchema.nullable(),
    keys: ['web-token', 'android-token', 'ios-token'],
  },
];

/** Values of the wrong type, size or shape, and a few plausible ones. */
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '123456', 'a@b.co', '2001-02-30', '0000-00-00', 'email', 'phone', '\u0000', '𝔘𝔫𝔦'),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const bodyFor = (keys: string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length }),
    fc.anything({ maxDepth: 2 }),
  );

describe('fuzzed bodies to the auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(ROUTES.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers bad bodies with a 4xx, never a 5xx',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(bodyFor(route.keys), async (body) => {
          const payload = JSON.stringify(body) ?? 'null';
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            remoteAddress: randomIp(),
            headers: { 'content-type': 'application/json' },
            payload,
          });
          expect(res.statusCode).toBeLessThan(500);
          // Judged as the server reads it: JSON turns Infinity and NaN into null, and drops undefined.
          if (!route.schema.safeParse(JSON.parse(payload)).success) {
            expect(res.statusCode).toBeGreaterThanOrEqual(400);
            expect(res.json()).toHaveProperty('code');
          }
        }),
        { numRuns: 40 },
      );
    },
  );

  it('never answers broken JSON or a wrong content type with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
        ),
        async (route, payload, type) => {
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            remoteAddress: randomIp(),
            headers: { 'content-type': type },
            payload,
          });
          expect(res.statusCode).toBeGreaterThanOrEqual(200);
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });
});
