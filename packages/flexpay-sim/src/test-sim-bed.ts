import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFlexpaySim, type FlexpaySim } from './start-flexpay-sim.ts';
import { startCallbackReceiver } from './test-callback-receiver.ts';

export type SimTestBed = {
  /** Set before the file's tests run. */
  sim: FlexpaySim;
  /** Where `callbackUrl: receiver.url()` sends the simulator's callbacks; set before the file's tests run. */
  receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
};

/**
 * For a test file of the simulator: a simulator (of merchant MOTEMA unless told) on a manual clock
 * (only a test moves its time) and a callback receiver, started before the file's tests and closed after them.
 * After each test the simulator is reset (no transactions, the seeded order numbers start again) and
 * the callbacks received are forgotten, so no test sees another's.
 */
export function simTestBed(options: { merchant?: string; token: string; seed?: number }): SimTestBed {
  const bed = {} as SimTestBed;
  beforeAll(async () => {
    bed.sim = await startFlexpaySim({ merchant: 'MOTEMA', clock: 'manual', ...options });
    bed.receiver = await startCallbackReceiver();
  });
  afterAll(async () => {
    await bed.sim.close();
    await bed.receiver.close();
  });
  afterEach(() => {
    bed.sim.control.reset();
    bed.receiver.received.length = 0;
  });
  return bed;
}
