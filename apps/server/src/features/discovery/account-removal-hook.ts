import type { AccountHook } from '../../account-hooks-port.ts';
import * as repo from './leaving-member.repository.ts';
import { computePopularity } from './popularity.ts';
import { setPopularities } from '../users/users.service.ts';

/**
 * A member's deletion (account-hooks-port.ts): the members they rated or visited lose those ratings
 * and that visitor, so their popularity (the lists' "popular" order) is computed again without them,
 * in the deletion's transaction, as a changed rating does (docs/server.md, discovery).
 */
export const discoveryAccountRemovalHook: AccountHook = {
  name: 'discovery popularity',
  async removing(userId, { tx }) {
    const members = await repo.lockMembersRatedOrVisitedBy(tx, userId);
    if (members.length === 0) return;
    await repo.removeRatingsAndVisitsOf(tx, userId);
    const inputs = await repo.popularityInputsOf(tx, members);
    await setPopularities(
      tx,
      new Map([...inputs].map(([memberId, input]) => [memberId, computePopularity(input)])),
    );
  },
};
