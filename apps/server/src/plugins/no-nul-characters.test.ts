import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { randomIp } from '../test/net.ts';
import { nulPath } from './no-nul-characters.ts';

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('finds the first string holding one, at any depth', () => {
    expect(nulPath('a\u0000b')).toEqual([]);
    expect(nulPath({ a: 'ok', b: [{ c: 'x' }, { c: '\u0000' }] })).toEqual(['b', '1', 'c']);
    expect(nulPath({ a: 'ok', n: 1, z: null, list: ['fine'] })).toBeNull();
    expect(nulPath(undefined)).toBeNull();
  });

  it('refuses a body holding one with validation_failed naming the field, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/send',
      remoteAddress: randomIp(),
      payload: { identifier: '\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'identifier', code: 'invalid_value' }],
    });
  });

  it('refuses one in the query string too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/send?via=%00',
      remoteAddress: randomIp(),
      payload: { identifier: 'someone@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ issues: [{ path: 'querystring.via', code: 'invalid_value' }] });
  });
});
