import type { OperationKind } from '../../money/operations/operation-kind.ts';
import type { ProviderStatus } from '../../money/providers/payment-provider.ts';
import type { WithdrawalsDeps } from './withdrawals-deps.ts';

type Checked = { reference: string; providerRef: string | null };

/**
 * A proof's or a payout's status check at FlexPay, by its order number: none without one (an init
 * that never answered), and an adapter's throw says nothing either.
 */
export function checkAtProvider(
  deps: Pick<WithdrawalsDeps, 'provider'>,
): OperationKind<Checked & { id: string }, ProviderStatus, unknown>['check'] {
  return async (row, context) => {
    if (!row.providerRef) return { kind: 'INDETERMINATE', why: 'not_found' };
    try {
      return await deps.provider.checkStatus(
        { reference: row.reference, providerRef: row.providerRef },
        context,
      );
    } catch {
      return { kind: 'INDETERMINATE', why: 'transport' };
    }
  };
}
