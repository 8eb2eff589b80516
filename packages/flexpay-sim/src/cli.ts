// `npm run sim:flexpay`: the FlexPay simulator on its own, for pointing a server (or curl) at it.
// Settings from the environment: FLEXPAY_SIM_PORT (default 7070), FLEXPAY_MERCHANT (default MOTEMA),
// FLEXPAY_TOKEN (default a development token, printed), FLEXPAY_SIM_SEED (default 1).
import { MAGIC_PAYERS } from './magic-payers.ts';
import { startFlexpaySim } from './start-flexpay-sim.ts';

const merchant = process.env.FLEXPAY_MERCHANT ?? 'MOTEMA';
const token = process.env.FLEXPAY_TOKEN ?? 'flexpay-sim-development-token';
const sim = await startFlexpaySim({
  port: Number(process.env.FLEXPAY_SIM_PORT ?? 7070),
  seed: Number(process.env.FLEXPAY_SIM_SEED ?? 1),
  merchant,
  token,
});
console.log(`FlexPay simulator on ${sim.origin} (127.0.0.1 only)
  FLEXPAY_BASE_URL=${sim.baseUrl}
  FLEXPAY_CARD_URL=${sim.cardUrl}
  FLEXPAY_MERCHANT=${merchant}
  FLEXPAY_TOKEN=${process.env.FLEXPAY_TOKEN ? '(from the environment)' : token}
  FLEXPAY_SIM=false   (the server then uses this simulator instead of starting its own)
Control API: GET ${sim.origin}/__sim/tx, POST ${sim.origin}/__sim/tx/<orderNumber>/approve|decline
Magic payers:
${Object.values(MAGIC_PAYERS)
  .map((payer) => `  ${payer.msisdn}  ${payer.behaviour}`)
  .join('\n')}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void sim.close().then(() => process.exit(0)));
}
