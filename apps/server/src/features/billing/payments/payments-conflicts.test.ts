import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entriesOf,
  grantsOf,
  MAGIC_PAYERS,
  paymentRow,
  startMobilePayment,
  startPaymentsBed,
  type PaymentsBed,
} from '../../../test/payments-bed.ts';
import { reconcilePayment } from './payment-reconcile.service.ts';
import { paymentsDepsOf } from './payments.routes.ts';

/**
 * M3: a settlement PostgreSQL aborts as a serialisation failure or one side of a deadlock is run again
 * (a few times, with a random pause) and then applies once. The failures are planted: a trigger
 * answers 40001 or 40P01 to the move to SUCCESS while a sequence (outside any transaction, so a
 * rollback does not undo its count) says so.
 */
describe('a settlement aborted by the database is retried (M3)', () => {
  let bed: PaymentsBed;
  beforeAll(async () => {
    bed = await startPaymentsBed();
    await bed.t.db.$client.query(`
      CREATE SEQUENCE planted_failures;
      CREATE TABLE planted_failure_limit (failures int NOT NULL, code text NOT NULL);
      INSERT INTO planted_failure_limit VALUES (0, '40001');
      CREATE FUNCTION planted_failure() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        planned planted_failure_limit%ROWTYPE;
      BEGIN
        SELECT * INTO planned FROM planted_failure_limit;
        IF NEW.status = 'SUCCESS' AND nextval('planted_failures') <= planned.failures THEN
          RAISE EXCEPTION 'planted conflict' USING ERRCODE = planned.code;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER planted_failure BEFORE UPDATE OF status ON payments
        FOR EACH ROW EXECUTE FUNCTION planted_failure();`);
  });
  afterAll(() => bed?.close());

  /** The next `failures` moves to SUCCESS fail with `code`. */
  async function plant(failures: number, code: '40001' | '40P01') {
    await bed.t.db.$client.query(`ALTER SEQUENCE planted_failures RESTART WITH 1`);
    await bed.t.db.$client.query('UPDATE planted_failure_limit SET failures = $1, code = $2', [
      failures,
      code,
    ]);
  }

  /** A payment FlexPay says is paid, which no callback will settle (…04): only the test's check does. */
  async function paidAtFlexpay() {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.silentSuccess.msisdn);
    await bed.flexpay.sim.control.advanceClock(2_000);
    return res.body._id;
  }

  for (const code of ['40001', '40P01'] as const) {
    it(`settles once after two ${code} failures`, async () => {
      const id = await paidAtFlexpay();
      await plant(2, code);
      const outcome = await reconcilePayment(
        paymentsDepsOf(bed.t.app.deps, () => {}),
        id,
      );
      expect(outcome).toMatchObject({ ran: true, transition: { status: 'SUCCESS' } });
      expect((await paymentRow(bed, id)).status).toBe('SUCCESS');
      expect(await grantsOf(bed, id)).toHaveLength(1);
      expect((await entriesOf(bed, id)).map((entry) => entry.kind)).toEqual(['payment_settled']);
    });
  }

  it('gives up after three (bounded), leaving the payment as it was for the next check', async () => {
    const id = await paidAtFlexpay();
    await plant(3, '40001');
    const deps = paymentsDepsOf(bed.t.app.deps, () => {});
    await expect(reconcilePayment(deps, id)).rejects.toMatchObject({ cause: { code: '40001' } });
    expect((await paymentRow(bed, id)).status).toBe('PENDING');
    expect(await grantsOf(bed, id)).toEqual([]);
    // The lease went with the failure: the next check settles it.
    await plant(0, '40001');
    expect(await reconcilePayment(deps, id)).toMatchObject({ ran: true, transition: { status: 'SUCCESS' } });
    expect(await grantsOf(bed, id)).toHaveLength(1);
  });
});
