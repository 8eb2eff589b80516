import type { AccountHook } from '../../account-hooks-port.ts';
import { removeMembershipsOf } from './leaving-member.repository.ts';

/** A member's deletion (account-hooks-port.ts): the zones they were in count one member less. */
export const zonesAccountRemovalHook: AccountHook = {
  name: 'zones members',
  removing: (userId, { tx }) => removeMembershipsOf(tx, userId),
};
