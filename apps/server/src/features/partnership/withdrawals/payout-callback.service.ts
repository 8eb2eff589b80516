import { clock } from '../../../lib/clock.ts';
import { reconcileOperation } from '../../money/operations/operation-reconciler.service.ts';
import { payoutOperation } from './payout-operation.ts';
import { proofOperation } from './proof-operation.ts';
import type { WithdrawalsDeps } from './withdrawals-deps.ts';
import * as repo from './withdrawals.repository.ts';

/** The most of a callback's body the audit trail keeps. */
const MAX_BODY_CHARS = 8_000;

/**
 * FlexPay's callback for a payout or a number's proof. Its body is never believed: only a check moves
 * money (P8). What it gives is the order number of an operation whose init never answered (a timeout:
 * UNKNOWN), which a check needs; it is kept only for our reference of an operation that has none, and
 * the check must then name that reference, amount and currency. The reference is 20 random signs
 * never shown to anyone, so guessing one is hopeless; the worst a forged order number can do is leave
 * the operation unresolved, as it was, for an operator. Then the operation is checked at once.
 */
export async function receivePayoutCallback(deps: WithdrawalsDeps, body: string): Promise<void> {
  const fields = parseFields(body);
  const reference = typeof fields.reference === 'string' ? fields.reference.slice(0, 25) : undefined;
  const orderNumber = typeof fields.orderNumber === 'string' ? fields.orderNumber.slice(0, 100) : undefined;
  if (!reference) return;
  const now = clock.now();
  const withdrawal = await repo.findWithdrawalByReference(deps.db, reference);
  if (withdrawal) {
    await repo.insertEvent(deps.db, {
      withdrawalId: withdrawal.id,
      kind: 'callback',
      httpStatus: null,
      latencyMs: null,
      body: body.slice(0, MAX_BODY_CHARS),
      createdAt: now,
    });
    if (orderNumber) await repo.setWithdrawalProviderRef(deps.db, withdrawal.id, orderNumber, now);
    await reconcileOperation(deps.db, payoutOperation(deps), withdrawal.id);
    return;
  }
  const proof = await repo.findProofByReference(deps.db, reference);
  if (!proof) return;
  await repo.insertEvent(deps.db, {
    proofId: proof.id,
    kind: 'callback',
    httpStatus: null,
    latencyMs: null,
    body: body.slice(0, MAX_BODY_CHARS),
    createdAt: now,
  });
  if (orderNumber) await repo.setProofProviderRef(deps.db, proof.id, orderNumber, now);
  await reconcileOperation(deps.db, proofOperation(deps), proof.id);
}

function parseFields(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // FlexPay may post a form.
  }
  return Object.fromEntries(new URLSearchParams(body));
}
