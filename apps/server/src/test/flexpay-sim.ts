import { randomBytes } from 'node:crypto';
import { startFlexpaySim, type FlexpaySim, type FlexpaySimOptions } from '@motema/flexpay-sim';

/** What buildTestApp needs to talk to a FlexPay (the simulator's, or one that never answers). */
export type TestFlexpay = {
  baseUrl: string;
  cardUrl: string;
  merchant: string;
  token: string;
  timeoutMs?: number;
  /** The simulator, for the app's /dev/payments page. */
  sim?: Pick<FlexpaySim, 'control' | 'origin'>;
};

export const TEST_FLEXPAY_MERCHANT = 'MOTEMA';

/** A FlexPay nobody listens at (port 9, discard): every call fails fast as a transport error. */
export const UNREACHABLE_FLEXPAY: TestFlexpay = {
  baseUrl: 'http://127.0.0.1:9/api/rest/v1',
  cardUrl: 'http://127.0.0.1:9/v1.1/pay',
  merchant: TEST_FLEXPAY_MERCHANT,
  token: 'unreachable-flexpay-token',
};

export type TestFlexpaySim = {
  sim: FlexpaySim;
  /** Give it to buildTestApp({ flexpay }). */
  flexpay: TestFlexpay;
  close: () => Promise<void>;
};

/**
 * A FlexPay simulator for one test file, on a port of its own, with a token of its own; the clock
 * manual unless `options.clock` says otherwise (move it with `sim.control.advanceClock`).
 * Call `close` in afterAll.
 */
export async function startTestFlexpaySim(
  options: Partial<Omit<FlexpaySimOptions, 'merchant' | 'token'>> = {},
): Promise<TestFlexpaySim> {
  const token = `sim-token-${randomBytes(12).toString('hex')}`;
  const sim = await startFlexpaySim({
    clock: 'manual',
    ...options,
    merchant: TEST_FLEXPAY_MERCHANT,
    token,
  });
  return {
    sim,
    flexpay: {
      baseUrl: sim.baseUrl,
      cardUrl: sim.cardUrl,
      merchant: TEST_FLEXPAY_MERCHANT,
      token,
      sim,
    },
    close: () => sim.close(),
  };
}
