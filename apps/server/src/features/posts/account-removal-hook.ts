import type { AccountHook } from '../../account-hooks-port.ts';
import * as repo from './leaving-member.repository.ts';

/**
 * A member's deletion (account-hooks-port.ts): the posts and comments of others keep true counts of
 * the comments and likes that go with the member (docs/posts.md).
 */
export const postsAccountRemovalHook: AccountHook = {
  name: 'posts counters',
  async removing(userId, { tx }) {
    await repo.lockCommentsOf(tx, userId);
    await repo.uncountCommentsOf(tx, userId);
    await repo.removeLikesOf(tx, userId);
  },
};
