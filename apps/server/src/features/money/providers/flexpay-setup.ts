import { randomBytes } from 'node:crypto';
import type { FlexpaySim } from '@motema/flexpay-sim';
import { flexpaySimEnabled, type Env } from '../../../env.ts';
import { createFlexpayProvider } from './flexpay-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';

export type FlexpaySetup = {
  provider: PaymentProvider;
  /** The local simulator this process started (outside production only). */
  sim?: FlexpaySim;
  /** The start banner's line (given the server's URL): where payments go. Never holds the token. */
  summary: (serverUrl: string) => string;
};

/**
 * The payment provider main.ts gives the app: FlexPay as configured, or, outside production by
 * default, the local simulator started in this process (on 127.0.0.1, FLEXPAY_SIM_PORT) so payments
 * work from a fresh clone. The simulator's package is loaded only then: production never loads it,
 * and env.ts refuses FLEXPAY_SIM there.
 */
export async function setUpFlexpay(env: Env): Promise<FlexpaySetup> {
  const timeoutMs = env.FLEXPAY_TIMEOUT_MS;
  if (!flexpaySimEnabled(env)) {
    const settings = {
      baseUrl: env.FLEXPAY_BASE_URL!,
      cardUrl: env.FLEXPAY_CARD_URL!,
      merchant: env.FLEXPAY_MERCHANT!,
      token: env.FLEXPAY_TOKEN!,
    };
    return {
      provider: createFlexpayProvider({ ...settings, timeoutMs }),
      summary: () => `FlexPay at ${new URL(settings.baseUrl).host}`,
    };
  }
  const { startFlexpaySim } = await import('@motema/flexpay-sim');
  const merchant = env.FLEXPAY_MERCHANT ?? 'MOTEMA';
  // A token of its own each start: nothing to configure, and nothing that could pass for a real one.
  const token = env.FLEXPAY_TOKEN ?? `sim-${randomBytes(16).toString('hex')}`;
  const sim = await startFlexpaySim({ port: env.FLEXPAY_SIM_PORT, merchant, token, mode: 'dev' });
  return {
    provider: createFlexpayProvider({
      baseUrl: sim.baseUrl,
      cardUrl: sim.cardUrl,
      merchant,
      token,
      timeoutMs,
    }),
    sim,
    summary: (serverUrl) =>
      `the local FlexPay simulator at ${sim.origin} (approve or decline payments at ${serverUrl}/dev/payments)`,
  };
}
