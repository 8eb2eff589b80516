import type { AccountHook } from '../../account-hooks-port.ts';
import { leaveAllLivesOf } from './live-viewers.repository.ts';

/**
 * A member's deletion (account-hooks-port.ts): the lives they watch count one viewer less (their
 * sockets close only after the commit, when their viewer rows are gone).
 */
export const livesAccountRemovalHook: AccountHook = {
  name: 'lives viewers',
  removing: (userId, { tx }) => leaveAllLivesOf(tx, userId),
};
