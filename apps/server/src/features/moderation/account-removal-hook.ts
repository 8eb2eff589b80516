import type { AccountHook } from '../../account-hooks-port.ts';
import { clock } from '../../lib/clock.ts';
import { weighCase } from './case-merge.service.ts';
import { lockUndecidedCasesReportedBy } from './cases.repository.ts';

/**
 * A member's deletion (account-hooks-port.ts): their reports go with their account, so each case not
 * yet closed that they reported is weighed again without them, and the queue's order stays true
 * (docs/moderation.md "Priority").
 */
export const moderationAccountRemovalHook: AccountHook = {
  name: 'moderation priority',
  async removing(userId, { tx }) {
    const at = clock.now();
    for (const found of await lockUndecidedCasesReportedBy(tx, userId))
      await weighCase(tx, found.id, at, found.source === 'shield', userId);
  },
};
