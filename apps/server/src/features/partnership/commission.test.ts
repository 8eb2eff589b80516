import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalProofs } from '../../db/schema.ts';
import { balanceOf, ledgerIsBalanced, memberAccount } from '../money/ledger/ledger.service.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { APP_BUILD, APP_VERSION } from '@motema/shared/devices';
import { asMember, createMember } from '../../test/factories.ts';
import {
  jobsFor,
  movePayment,
  partnerWithChildren,
  pendingPaymentOf,
} from '../../test/partnership-factories.ts';
import {
  COMMISSION_RELEASE_QUEUE,
  commissionOn,
  releaseCommission,
  SHARED_PAYER_ALERT_QUEUE,
} from './commission.service.ts';
import { sharedPayerFlagsOf, updatePartnership } from './partnership.repository.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A proof of `phone` by the member, in `status`, as the withdrawal account's proof leaves it. */
const proofOf = (userId: string, phone: string, status: 'SUCCESS' | 'FAILED') => ({
  userId,
  phone,
  reference: `PROOF${randomBytes(6).toString('hex').toUpperCase()}`,
  amountMinor: 10_000,
  currency: 'CDF' as const,
  status,
});

describe("the commission on a child's payment", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const pending = (partnerId: string) => balanceOf(t.db, memberAccount(partnerId, 'aff_pending'), 'USD');
  const available = (partnerId: string) => balanceOf(t.db, memberAccount(partnerId, 'aff_available'), 'USD');
  const release = (paymentId: string) => t.db.transaction((tx) => releaseCommission(tx, { paymentId }));

  /** A partner, a child of theirs and a pending payment of the child's (from `payerPhone`). */
  async function childPaying(payerPhone: string | null = null, partnerPhone: string | null = null) {
    const partner = await createMember(t, partnerPhone ? { phone: partnerPhone } : {});
    const child = await createMember(t);
    await partnerWithChildren(t.db, partner.user.id, child.user.id);
    const payment = await pendingPaymentOf(t.db, child.user.id, payerPhone);
    return { partnerId: partner.user.id, childId: child.user.id, payment };
  }

  it('is floor(amount x percentage / 100) minor units, in hundredths of a percent', () => {
    expect(commissionOn(499, 10)).toBe(49);
    expect(commissionOn(499, 12.5)).toBe(62);
    expect(commissionOn(1000, 33.33)).toBe(333);
    expect(commissionOn(1_400_000, 10)).toBe(140_000);
  });

  it('is credited pending once under duplicate settlements, its release sent for the end of the hold (M4, P11)', async () => {
    const { partnerId, payment } = await childPaying();
    const moves = await Promise.all(
      Array.from({ length: 5 }, () => movePayment(t.db, t.jobs, payment, 'SUCCESS')),
    );
    expect(moves.filter(Boolean)).toHaveLength(1);
    const share = commissionOn(payment.amountMinor, 10);
    expect(await pending(partnerId)).toBe(share);
    const sent = await jobsFor(t.db, COMMISSION_RELEASE_QUEUE, payment.id);
    expect(sent).toHaveLength(1);
    expect(new Date(sent[0]!.startAfter).getTime() - Date.now()).toBeGreaterThan(14 * DAY - 60_000);
    expect(await ledgerIsBalanced(t.db)).toBe(true);
  });

  it('is released after the hold, once, however often the job runs', async () => {
    const { partnerId, payment } = await childPaying();
    await movePayment(t.db, t.jobs, payment, 'SUCCESS');
    clock.advance(14 * DAY);
    expect(await release(payment.id)).toBe('released');
    expect(await release(payment.id)).toBe('released');
    const share = commissionOn(payment.amountMinor, 10);
    expect([await pending(partnerId), await available(partnerId)]).toEqual([0, share]);
  });

  it('is reversed by a refund within the hold, and the release then moves nothing (P18)', async () => {
    const { partnerId, payment } = await childPaying();
    const settled = await movePayment(t.db, t.jobs, payment, 'SUCCESS');
    await movePayment(t.db, t.jobs, settled!, 'REFUNDED');
    expect(await pending(partnerId)).toBe(0);
    expect(await release(payment.id)).toBe('reversed');
    expect([await pending(partnerId), await available(partnerId)]).toEqual([0, 0]);
  });

  it('is taken back from available when a refund comes after the release', async () => {
    const { partnerId, payment } = await childPaying();
    const settled = await movePayment(t.db, t.jobs, payment, 'SUCCESS');
    await release(payment.id);
    const share = commissionOn(payment.amountMinor, 10);
    const refunding = await movePayment(t.db, t.jobs, settled!, 'REFUND_PENDING');
    expect([await pending(partnerId), await available(partnerId)]).toEqual([0, share]);
    await movePayment(t.db, t.jobs, refunding!, 'REFUNDED');
    expect([await pending(partnerId), await available(partnerId)]).toEqual([0, 0]);
    expect(await ledgerIsBalanced(t.db)).toBe(true);
  });

  it('stays on hold while a refund is pending, and is reversed when it is done', async () => {
    const { partnerId, payment } = await childPaying();
    const settled = await movePayment(t.db, t.jobs, payment, 'SUCCESS');
    const refunding = await movePayment(t.db, t.jobs, settled!, 'REFUND_PENDING');
    clock.advance(14 * DAY);
    expect(await release(payment.id)).toBe('refunding');
    expect([await pending(partnerId), await available(partnerId)]).toEqual([
      commissionOn(payment.amountMinor, 10),
      0,
    ]);
    await movePayment(t.db, t.jobs, refunding!, 'REFUNDED');
    expect([await pending(partnerId), await available(partnerId)]).toEqual([0, 0]);
  });

  it('leaves pending below 0 when the released commission is no longer available (P18)', async () => {
    const { partnerId, payment } = await childPaying();
    const settled = await movePayment(t.db, t.jobs, payment, 'SUCCESS');
    await release(payment.id);
    const share = commissionOn(payment.amountMinor, 10);
    // The partner spent it (as a withdrawal would): what stays available is below the commission.
    await t.db.transaction(async (tx) => {
      const { postEntry } = await import('../money/ledger/ledger.service.ts');
      await postEntry(tx, {
        key: `test:${payment.id}:spent`,
        kind: 'withdrawal_requested',
        source: { kind: 'payment', id: payment.id },
        description: 'spent',
        lines: [
          { account: memberAccount(partnerId, 'aff_available'), amount: share, currency: 'USD' },
          { account: memberAccount(partnerId, 'aff_payout_in_flight'), amount: -share, currency: 'USD' },
        ],
      });
    });
    await movePayment(t.db, t.jobs, settled!, 'REFUNDED');
    expect([await pending(partnerId), await available(partnerId)]).toEqual([-share, 0]);
  });

  it('settles, releases and refunds at once for one partner without a deadlock, the books right (M5)', async () => {
    const partner = await createMember(t);
    const children = await Promise.all(Array.from({ length: 8 }, () => createMember(t)));
    await partnerWithChildren(t.db, partner.user.id, ...children.map((c) => c.user.id));
    const paid = await Promise.all(
      children
        .slice(0, 4)
        .map(async (c) => movePayment(t.db, t.jobs, await pendingPaymentOf(t.db, c.user.id), 'SUCCESS')),
    );
    const fresh = await Promise.all(children.slice(4).map((c) => pendingPaymentOf(t.db, c.user.id)));
    await Promise.all([
      ...paid.slice(0, 2).map((p) => movePayment(t.db, t.jobs, p!, 'REFUNDED')),
      ...paid.slice(2).map((p) => release(p!.id)),
      ...fresh.map((p) => movePayment(t.db, t.jobs, p, 'SUCCESS')),
    ]);
    const share = commissionOn(fresh[0]!.amountMinor, 10);
    expect([await pending(partner.user.id), await available(partner.user.id)]).toEqual([
      4 * share,
      2 * share,
    ]);
    expect(await ledgerIsBalanced(t.db)).toBe(true);
  });

  it('is not credited before the partnership starts or after it ends', async () => {
    const early = await childPaying();
    clock.advance(-DAY);
    await movePayment(t.db, t.jobs, early.payment, 'SUCCESS');
    clock.reset();
    expect(await pending(early.partnerId)).toBe(0);

    const late = await childPaying();
    await updatePartnership(t.db, late.partnerId, { endDate: clock.now() });
    clock.advance(DAY);
    await movePayment(t.db, t.jobs, late.payment, 'SUCCESS');
    expect(await pending(late.partnerId)).toBe(0);
    expect(await jobsFor(t.db, COMMISSION_RELEASE_QUEUE, late.payment.id)).toEqual([]);
  });

  it("is not credited when the child pays from the partner's own phone", async () => {
    const phone = `2438${String(Date.now()).slice(-8)}`;
    const { partnerId, payment } = await childPaying(phone, phone);
    await movePayment(t.db, t.jobs, payment, 'SUCCESS');
    expect(await pending(partnerId)).toBe(0);
  });

  it('is not credited when the child pays from a withdrawal number the partner proved', async () => {
    const phone = `2439${String(Date.now()).slice(-8)}`;
    // A proof that failed proves nothing: a payment from that number earns the share.
    const declined = await childPaying(phone);
    await t.db.insert(withdrawalProofs).values(proofOf(declined.partnerId, phone, 'FAILED'));
    await movePayment(t.db, t.jobs, declined.payment, 'SUCCESS');
    expect(await pending(declined.partnerId)).toBeGreaterThan(0);
    const proven = await childPaying(phone);
    await t.db.insert(withdrawalProofs).values(proofOf(proven.partnerId, phone, 'SUCCESS'));
    await movePayment(t.db, t.jobs, proven.payment, 'SUCCESS');
    expect(await pending(proven.partnerId)).toBe(0);
  });

  it("is not credited when the child used one of the partner's devices", async () => {
    const partner = await createMember(t);
    const child = await createMember(t);
    await partnerWithChildren(t.db, partner.user.id, child.user.id);
    const install = {
      platform: 'web',
      operatingSystem: 'android',
      manufacturer: 'Tecno',
      model: 'Spark 10',
      osVersion: '13',
      isVirtual: false,
      webViewVersion: 'Chrome 131',
      app: { build: APP_BUILD, version: APP_VERSION },
    };
    const asPartner = await asMember(t, partner.cookie)('POST', '/api/devices', install);
    const { _id } = asPartner.json();
    expect((await asMember(t, child.cookie)('POST', '/api/devices', { ...install, _id })).statusCode).toBe(
      200,
    );
    await movePayment(t.db, t.jobs, await pendingPaymentOf(t.db, child.user.id), 'SUCCESS');
    expect(await pending(partner.user.id)).toBe(0);
  });

  it('flags children of one partner who paid from the same number, and alerts once', async () => {
    const partner = await createMember(t);
    const [first, second, third] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    await partnerWithChildren(t.db, partner.user.id, first!.user.id, second!.user.id, third!.user.id);
    const shared = `2439${String(Date.now()).slice(-8)}`;
    await movePayment(t.db, t.jobs, await pendingPaymentOf(t.db, first!.user.id, shared), 'SUCCESS');
    // Another number: nothing to flag.
    await movePayment(
      t.db,
      t.jobs,
      await pendingPaymentOf(t.db, third!.user.id, `2431${String(Date.now()).slice(-8)}`),
      'SUCCESS',
    );
    expect(await sharedPayerFlagsOf(t.db, partner.user.id)).toEqual([]);
    const again = await pendingPaymentOf(t.db, second!.user.id, shared);
    await movePayment(t.db, t.jobs, again, 'SUCCESS');
    const flags = await sharedPayerFlagsOf(t.db, partner.user.id);
    expect(flags.map((f) => [f.paymentId, f.childId, f.otherChildIds])).toEqual([
      [again.id, second!.user.id, [first!.user.id]],
    ]);
    expect(await jobsFor(t.db, SHARED_PAYER_ALERT_QUEUE, again.id)).toHaveLength(1);
    // Still credited: a flag asks for a review, it refuses nothing.
    expect(await pending(partner.user.id)).toBe(3 * commissionOn(again.amountMinor, 10));
  });
});
