import { ReferralCodeSchema } from '@motema/shared/partnership';
import type { AccountHook } from '../../account-hooks-port.ts';
import * as repo from './partnership.repository.ts';

/**
 * Registration through a partner's link or code (docs/partnership.md): the new account becomes their
 * child, in the account's own transaction. A malformed, unknown or ended code is noted and ignored:
 * the newcomer's account is created all the same, never refused over a link someone else shared.
 * A new account cannot be the partner of itself (and the table refuses it too).
 */
export const referralAccountHook: AccountHook = {
  name: 'partnership referral',
  async created(account, { tx, at, registration, note }) {
    if (registration.referral === undefined || registration.referral.trim() === '') return;
    const code = ReferralCodeSchema.safeParse(registration.referral);
    if (!code.success) return note('a registration named a malformed referral code', { userId: account.id });
    const partnership = await repo.findPartnershipByCode(tx, code.data);
    if (!partnership) return note('a registration named an unknown referral code', { userId: account.id });
    if (partnership.endDate && partnership.endDate <= at) {
      return note('a registration named an ended partnership', {
        userId: account.id,
        partnershipId: partnership.id,
      });
    }
    if (partnership.userId === account.id) return;
    await repo.insertReferral(tx, { childId: account.id, partnerId: partnership.userId, createdAt: at });
  },
};
