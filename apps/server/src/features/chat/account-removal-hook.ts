import type { AccountHook } from '../../account-hooks-port.ts';
import { removeMemberConversations } from './conversations/conversations.service.ts';

/**
 * A member's deletion (account-hooks-port.ts): their conversations go for both members (messages and
 * file rows cascade); the other members, told after the commit (`account.removed`), lose them too.
 */
export const chatAccountRemovalHook: AccountHook = {
  name: 'chat conversations',
  removing: async (userId, { tx }) => ({ conversations: await removeMemberConversations(tx, userId) }),
};
