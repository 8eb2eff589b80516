import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { withdrawals, type WithdrawalRow } from '../db/schema.ts';
import { clock } from '../lib/clock.ts';
import { balanceOf, memberAccount } from '../features/money/ledger/ledger.service.ts';
import { newReference } from '../features/partnership/withdrawals/withdrawal-reference.ts';
import * as repo from '../features/partnership/withdrawals/withdrawals.repository.ts';
import { asMember, createMember, type Member } from './factories.ts';
import { commission, postAlone } from './ledger-bed.ts';
import { partnerWithChildren } from './partnership-factories.ts';
import type { PaymentsBed } from './payments-bed.ts';

/** A partner with `available` minor units of USD to withdraw (a released commission). */
export async function partnerWithAvailable(db: Db, available: number): Promise<Member> {
  const member = await createMember({ db });
  await partnerWithChildren(db, member.user.id);
  if (available > 0) await postAlone(db, commission(member.user.id, available));
  return member;
}

/** Gives the member `phone` as a withdrawal number proven now (its proof settled): open at once, or after `cooldownMs`. */
export async function provenNumber(db: Db, userId: string, phone: string, cooldownMs = 0) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const proof = await repo.insertProof(tx, {
      userId,
      phone,
      reference: newReference(),
      amountMinor: 10_000,
      currency: 'CDF',
      createdAt: now,
    });
    await repo.moveProof(tx, proof.id, 'CREATED', { status: 'SUCCESS' });
    await repo.saveAccount(tx, { userId, phone, proofId: proof.id, changed: cooldownMs > 0, updatedAt: now });
    await repo.markProven(tx, proof.id, now, cooldownMs);
  });
}

/** POST /api/withdrawals as the member, with `key` (a fresh one unless given). */
export function postWithdrawal(
  bed: Pick<PaymentsBed, 't'>,
  member: Member,
  body: { amount: number; currency: string },
  key: string = randomUUID(),
) {
  return bed.t.app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    headers: { cookie: member.cookie, 'idempotency-key': key },
    payload: body,
  });
}

export function getAsMember(bed: Pick<PaymentsBed, 't'>, member: Member, url: string) {
  return asMember(bed.t, member.cookie)('GET', url);
}

export async function withdrawalRow(db: Db, id: string): Promise<WithdrawalRow> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row!;
}

/** The member's USD balances: available and in flight. */
export async function balancesOf(db: Db, userId: string, currency: 'USD' | 'CDF' = 'USD') {
  return {
    available: await balanceOf(db, memberAccount(userId, 'aff_available'), currency),
    inFlight: await balanceOf(db, memberAccount(userId, 'aff_payout_in_flight'), currency),
  };
}
