import type { Tx } from '../../db/client.ts';
import type { PaymentRow, PaymentState } from '../../db/schema.ts';
import type { PaymentHook, PaymentHookContext } from '../../payment-hooks-port.ts';
import { balanceOf, memberAccount, postEntry, reverseEntry } from '../money/ledger/ledger.service.ts';
import { findCommission, isPostedAndStanding } from './partnership-ledger.repository.ts';
import * as repo from './partnership.repository.ts';

/** The queue of commission releases: one job per commission, sent for the end of its hold period. */
export const COMMISSION_RELEASE_QUEUE = 'partnership.commission-release';
/** The queue of shared-number alerts: the operators hear of each flag once it committed. */
export const SHARED_PAYER_ALERT_QUEUE = 'partnership.shared-payer-alert';

export type CommissionRelease = { paymentId: string };
export type SharedPayerAlert = { flagId: string; partnerId: string; paymentId: string };

/** A payment's refund has begun, or is done: its commission is not released. */
const REFUND_STATES: readonly (PaymentState | undefined)[] = ['REFUND_PENDING', 'REFUNDED'];

export const commissionKey = (paymentId: string) => `commission:${paymentId}`;
const releaseKey = (paymentId: string) => `commission:${paymentId}:released`;
/** Every entry of a commission names the payment it comes from: the journals show its child and reference. */
const fromPayment = (paymentId: string) => ({ kind: 'payment' as const, id: paymentId });

/**
 * A partner's share of a child's payment, in integer minor units: floor(amount x percentage / 100),
 * the percentage taken in hundredths so that no float rounds a cent away (12.5% is 1250 / 10000).
 */
export function commissionOn(amountMinor: number, percentage: number): number {
  return Math.floor((amountMinor * Math.round(percentage * 100)) / 10_000);
}

/**
 * The commission (docs/partnership.md): when a child's payment settles within their partner's dates,
 * the partner's share is credited as pending (Dr platform:commission_expense / Cr aff_pending) and its
 * release sent for the end of the hold, both in the settlement's transaction (P11, M4: once per
 * payment, by the entry's key). Nothing when the child paid from the partner's own number (their
 * account's, or a withdrawal number they proved), or used one
 * of the partner's devices (an install both of them used: payments do not record theirs). A child
 * paying from a number another child of the same partner paid from is flagged for review.
 */
async function creditCommission(payment: PaymentRow, { tx, jobs, at }: PaymentHookContext) {
  if (!payment.userId) return;
  const partnership = await repo.findPartnershipOfChild(tx, payment.userId);
  if (!partnership) return;
  const settledAt = payment.settledAt ?? at;
  if (settledAt < partnership.startDate) return;
  if (partnership.endDate && settledAt > partnership.endDate) return;
  const partnerId = partnership.userId;
  // The partner's own phone, payout number or install in the child's hands: their own money, not a child's.
  if (await repo.shareADevice(tx, partnerId, payment.userId)) return;
  if (payment.payerPhone) {
    if (await repo.isNumberOf(tx, partnerId, payment.payerPhone)) return;
    await flagSharedPayer(tx, jobs, { partnerId, payment, payerPhone: payment.payerPhone, at });
  }
  const amount = commissionOn(payment.amountMinor, partnership.percentage);
  if (amount === 0) return;
  const { currency } = payment;
  const posted = await postEntry(tx, {
    key: commissionKey(payment.id),
    kind: 'commission',
    source: fromPayment(payment.id),
    description: `Commission of ${partnership.percentage}% on payment ${payment.reference}`,
    lines: [
      { account: 'platform:commission_expense', amount, currency },
      { account: memberAccount(partnerId, 'aff_pending'), amount: -amount, currency },
    ],
  });
  if (posted.replayed) return;
  await jobs.sendIn<CommissionRelease>(
    tx,
    COMMISSION_RELEASE_QUEUE,
    { paymentId: payment.id },
    { delaySeconds: partnership.holdDays * 86_400 },
  );
}

async function flagSharedPayer(
  tx: Tx,
  jobs: PaymentHookContext['jobs'],
  {
    partnerId,
    payment,
    payerPhone,
    at,
  }: { partnerId: string; payment: PaymentRow; payerPhone: string; at: Date },
) {
  const childId = payment.userId!;
  const otherChildIds = await repo.otherChildrenPaidFrom(tx, { partnerId, childId, payerPhone });
  if (otherChildIds.length === 0) return;
  const flagId = await repo.insertSharedPayerFlag(tx, {
    partnerId,
    paymentId: payment.id,
    childId,
    otherChildIds,
    createdAt: at,
  });
  if (flagId) {
    await jobs.sendIn<SharedPayerAlert>(tx, SHARED_PAYER_ALERT_QUEUE, {
      flagId,
      partnerId,
      paymentId: payment.id,
    });
  }
}

/**
 * A refund takes the commission back (P18, M4) once it is done (REFUNDED): the release first, when it
 * happened and the partner still has it available; then the commission itself. It runs after the
 * payment's own reversal, so that it takes the ledger's locks in the order a settlement takes them
 * (the platform's accounts, then the partner's) and the two never deadlock; while the refund is
 * pending, the release job leaves the commission on hold. When the released
 * amount was withdrawn meanwhile, aff_available may not go below 0 (M2): the release stands and the
 * commission's reversal takes aff_pending below 0 instead, which blocks withdrawals until new
 * commissions cover it. The partner's partnership row is locked first, as the release job does, so
 * that a release and a refund of the same commission never cross.
 */
async function reverseCommission(payment: PaymentRow, { tx }: PaymentHookContext) {
  const commission = await findCommission(tx, commissionKey(payment.id));
  if (!commission || commission.reversed) return;
  await repo.lockPartnership(tx, commission.partnerId);
  const source = fromPayment(payment.id);
  if (await isPostedAndStanding(tx, releaseKey(payment.id))) {
    const available = memberAccount(commission.partnerId, 'aff_available');
    if ((await balanceOf(tx, available, commission.currency)) >= commission.amount) {
      await reverseEntry(tx, {
        key: releaseKey(payment.id),
        reversalKey: `${releaseKey(payment.id)}:reversed`,
        source,
      });
    }
  }
  await reverseEntry(tx, {
    key: commissionKey(payment.id),
    reversalKey: `${commissionKey(payment.id)}:reversed`,
    source,
  });
}

export const commissionPaymentHook: PaymentHook = {
  name: 'partnership commission',
  settled: creditCommission,
  refunded: reverseCommission,
};

/**
 * The end of a commission's hold: pending becomes available (Dr aff_pending / Cr aff_available),
 * once (by its key), unless a refund reversed the commission first or has begun (REFUND_PENDING:
 * its end reverses the commission). The partnership row is locked before looking, so a refund under
 * way finishes first, or waits for this.
 */
export async function releaseCommission(
  tx: Tx,
  { paymentId }: CommissionRelease,
): Promise<'released' | 'reversed' | 'refunding' | 'none'> {
  const found = await findCommission(tx, commissionKey(paymentId));
  if (!found) return 'none';
  await repo.lockPartnership(tx, found.partnerId);
  const commission = await findCommission(tx, commissionKey(paymentId));
  if (!commission || commission.reversed) return 'reversed';
  if (REFUND_STATES.includes((await repo.findPaymentStatus(tx, paymentId))!)) return 'refunding';
  const { amount, currency, partnerId } = commission;
  await postEntry(tx, {
    key: releaseKey(paymentId),
    kind: 'commission_release',
    source: fromPayment(paymentId),
    description: `Commission on payment ${paymentId} released after its hold`,
    lines: [
      { account: memberAccount(partnerId, 'aff_pending'), amount, currency },
      { account: memberAccount(partnerId, 'aff_available'), amount: -amount, currency },
    ],
  });
  return 'released';
}
