import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserListQuerySchema, UserListSchema } from '@motema/shared/discovery';
import { clock } from '../../lib/clock.ts';
import { compileConformance } from '../../plugins/compiled-serializer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember } from '../../test/factories.ts';
import { buildPhoto } from '../../test/media-factories.ts';
import { presentUserList } from './discovery.presenter.ts';
import { listUsers } from './user-lists.service.ts';

/**
 * GET /api/users is written by JSON.stringify when the presenter's answer has exactly UserListSchema's
 * shape (plugins/compiled-serializer.ts), by zod's serializer otherwise: the presenter must build its
 * cards in the schema's shape and order, or the list silently goes back to the slow path.
 */
describe('the members list answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has exactly the schema’s shape (the fast path), on the default list and the swap deck', async () => {
    const viewer = await createProfile(t, { age: 71, matchAgeMin: 72, matchAgeMax: 72 });
    const [withAvatar, plain, noPosition] = await Promise.all([
      createProfile(t, { age: 72, about: 'Rumba' }),
      createProfile(t, { age: 72 }),
      createProfile(t, { age: 72, position: null }),
    ]);
    await buildPhoto(t, { owner: withAvatar, avatar: true });
    await buildPhoto(t, { owner: withAvatar });
    await buildPhoto(t, { owner: plain });
    const conforms = compileConformance(UserListSchema)!;

    for (const query of [{}, { unrated: 'true' }] as Record<string, string>[]) {
      const list = await listUsers(t.db, viewer.user.id, UserListQuerySchema.parse(query));
      const answer = presentUserList(list, clock.now());
      expect(answer.users.map((card) => card._id).sort()).toEqual(
        [withAvatar, plain, noPosition].map((member) => member.user.id).sort(),
      );
      expect(answer.users.some((card) => card.avatar !== null)).toBe(true);
      expect(conforms(answer), JSON.stringify(query)).toBe(true);

      const res = await asMember(t, viewer.cookie)('GET', `/api/users?${new URLSearchParams(query)}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(UserListSchema.parse(res.json())));
    }
  });
});
