import type { AccountHook } from '../../account-hooks-port.ts';
import { leaveAllLivesOf } from './live-viewers.repository.ts';

/**
 * A member's deletion (account-hooks-port.ts): the lives they watch count one viewer less (their
 * sockets close only after the commit, when their viewer rows are gone); each live's room hears its
 * new count after the commit (lives.module.ts, `account.removed`).
 */
export const livesAccountRemovalHook: AccountHook = {
  name: 'lives viewers',
  removing: async (userId, { tx }) => ({ lives: await leaveAllLivesOf(tx, userId) }),
};
