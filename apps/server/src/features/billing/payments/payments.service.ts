import { BILLING_PAGE_SIZE } from '@motema/shared/billing';
import type { Db } from '../../../db/client.ts';
import type { PaymentRow } from '../../../db/schema/billing-payments.ts';
import { AppError } from '../../../lib/app-error.ts';
import { reconcilePayment } from './payment-reconcile.service.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as repo from './payments.repository.ts';

/** Another member's payment and no payment at all answer alike: an id or a reference reveals nothing (P13). */
const paymentNotFound = () => new AppError(404, 'not_found');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verify checks at the provider at most once in this long per payment (P13). */
const VERIFY_CHECK_EVERY_MS = 5_000;
/** ... and waits this long at most for the provider's answer (a member is waiting). */
const VERIFY_BUDGET_MS = 3_000;

export async function findOwnPayment(db: Db, userId: string, id: string): Promise<PaymentRow> {
  const payment = UUID.test(id) ? await repo.findPaymentById(db, id) : undefined;
  if (!payment || payment.userId !== userId) throw paymentNotFound();
  return payment;
}

/** The member's payments, newest first, pages of 96 unless asked otherwise. */
export async function listOwnPayments(
  db: Db,
  userId: string,
  page: { skip: number; limit?: number | undefined },
): Promise<{ rows: PaymentRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    repo.listPaymentsOf(db, userId, { skip: page.skip, limit: page.limit ?? BILLING_PAGE_SIZE }),
    repo.countPaymentsOf(db, userId),
  ]);
  return { rows, count };
}

/**
 * GET /payments/verify/:reference (PAYMENTS.md A4.4, P13): the owner's payment as stored, checked at
 * the provider first when it is still pending and was not checked in the last 5 s. Many members'
 * screens polling at once cost one provider check per payment per 5 s, whoever asks.
 */
export async function verifyOwnPayment(deps: PaymentsDeps, userId: string, reference: string) {
  const payment = /^[A-Z0-9]{1,20}$/.test(reference)
    ? await repo.findPaymentByReference(deps.db, reference)
    : undefined;
  if (!payment || payment.userId !== userId) throw paymentNotFound();
  if (!['CREATED', 'PENDING', 'INIT_UNKNOWN'].includes(payment.status)) return payment;
  const outcome = await reconcilePayment(deps, payment.id, {
    minIntervalMs: VERIFY_CHECK_EVERY_MS,
    budgetMs: VERIFY_BUDGET_MS,
  });
  return outcome.ran ? outcome.payment : ((await repo.findPaymentById(deps.db, payment.id)) ?? payment);
}
