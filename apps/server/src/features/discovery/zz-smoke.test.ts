import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_FILTERS } from '@motema/shared/discovery';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile, listFor, rate } from '../../test/discovery-factories.ts';
import { asMember } from '../../test/factories.ts';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(() => t.close());
  it('runs every list', async () => {
    const viewer = await createProfile(t);
    const other = await createProfile(t, { sex: 'male' });
    await rate(t, viewer, other, 5);
    const r = await rate(t, other, viewer, 5);
    console.log(r.statusCode, r.body);
    for (const filter of USER_LIST_FILTERS) {
      const list = await listFor(t, viewer, filter);
      console.log(filter, JSON.stringify(list));
    }
    const p = await asMember(t, viewer.cookie)('GET', `/api/users/${other.user.id}`);
    console.log(p.statusCode, p.body);
    const v = await t.app.inject({ method: 'GET', url: `/api/users/${other.user.id}` });
    console.log(v.statusCode, v.body);
    expect(1).toBe(1);
  });
});
