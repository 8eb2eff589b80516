import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BUILD, APP_VERSION, DeviceSchema, type DeviceInput } from '@motema/shared/devices';
import { devices } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';

const phone = (overrides: Partial<DeviceInput> = {}): DeviceInput => ({
  platform: 'web',
  operatingSystem: 'android',
  manufacturer: 'Google',
  model: 'Pixel 7',
  osVersion: '14',
  isVirtual: false,
  webViewVersion: 'Chrome 131',
  app: { build: APP_BUILD, version: APP_VERSION },
  ...overrides,
});

describe('POST /api/devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, cookie?: string, ip = randomIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/devices',
      payload: payload as object,
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const rowOf = async (id: string) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0];

  it("registers a visitor's install: 201 with the id it keeps and its info, tied to nobody", async () => {
    const res = await post(phone());
    expect(res.statusCode).toBe(201);
    const device = DeviceSchema.parse(res.json());
    expect(device).toEqual({ ...phone(), _id: device._id });
    expect((await rowOf(device._id))?.userId).toBeNull();
  });

  it("ties a member's install to them", async () => {
    const member = await createMember(t);
    const res = await post(phone(), member.cookie);
    expect(res.statusCode).toBe(201);
    expect((await rowOf(res.json()._id))?.userId).toBe(member.user.id);
  });

  it('updates a known install (a new build): 200, the same id, its info as sent now', async () => {
    const first = (await post(phone({ app: { build: APP_BUILD - 1, version: '1.38.0' } }))).json();
    const member = await createMember(t);
    const res = await post({ ...phone({ osVersion: '15' }), _id: first._id }, member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...phone({ osVersion: '15' }), _id: first._id });
    const row = await rowOf(first._id);
    expect(row).toMatchObject({ appBuild: APP_BUILD, appVersion: APP_VERSION, osVersion: '15' });
    expect(row?.userId).toBe(member.user.id);
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });

  it("keeps the install's last member when a visitor's call updates it", async () => {
    const member = await createMember(t);
    const { _id } = (await post(phone(), member.cookie)).json();
    expect((await post({ ...phone(), _id })).statusCode).toBe(200);
    expect((await rowOf(_id))?.userId).toBe(member.user.id);
  });

  it('answers 404 device_not_found for an id nobody registered, and makes no row under it', async () => {
    const _id = crypto.randomUUID();
    const res = await post({ ...phone(), _id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'device_not_found' });
    expect(await rowOf(_id)).toBeUndefined();
  });

  it.each([
    ['an unknown platform', { ...phone(), platform: 'windows' }, 'platform'],
    ['an id that is not a uuid', { ...phone(), _id: '42' }, '_id'],
    ['a build of 0', { ...phone(), app: { build: 0, version: '1' } }, 'app.build'],
    ['a model too long', { ...phone(), model: 'x'.repeat(81) }, 'model'],
    ['a field the SPEC does not list', { ...phone(), userId: crypto.randomUUID() }, ''],
  ])('refuses %s: 400 validation_failed', async (_what, payload, path) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    if (path) expect(res.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('is rate limited per address for visitors: the 31st call in an hour is 429 with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await post(phone(), undefined, ip)).statusCode).toBe(201);
    const res = await post(phone(), undefined, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await post(phone())).statusCode).toBe(201);
  });
});
