import Fastify from 'fastify';
import { createClock } from './clock.ts';
import { createControl, type SimControl } from './control.ts';
import { registerControlRoutes } from './control-routes.ts';
import { createDispatcher, type CallbackPolicy } from './dispatcher.ts';
import { registerCardRoutes } from './card-routes.ts';
import { NO_FAULTS, registerFaults } from './faults.ts';
import { createRandom } from './random.ts';
import type { SimContext } from './scenarios.ts';
import { createTransactionStore } from './transactions.ts';
import { registerWireRoutes, type WireOptions } from './wire-routes.ts';
import type { SimMode } from './wire-validation.ts';

export type { CallbackPolicy } from './dispatcher.ts';
export type { SimControl, SimTransactionView } from './control.ts';
export type { CallbackAttempt, TxStatus, WireCall } from './transactions.ts';
export type { SimMode } from './wire-validation.ts';

export type FlexpaySimOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Seeds order numbers, operator references and faults, so a run can be replayed. Default 1. */
  seed?: number;
  /** The merchant code requests must carry. */
  merchant: string;
  /** The merchant token: requests without `Authorization: Bearer <token>` get 401. */
  token: string;
  /** `strict` refuses callback URLs that are not public HTTPS, as FlexPay reportedly does; default `dev`. */
  mode?: SimMode;
  /** Default `once`: FlexPay's retry policy is unknown, so the app must not count on more. */
  callbackPolicy?: CallbackPolicy;
  /**
   * `real` (the default in dev mode): the wall clock moves the virtual one too, so "2 s later"
   * happens by itself; `manual` (the default in strict mode): only `advanceClock` moves it.
   */
  clock?: 'real' | 'manual';
  /** The merchant's balance for payouts, in minor units. */
  merchantBalance?: { CDF: number; USD: number };
} & Partial<Omit<WireOptions, 'merchant' | 'token' | 'mode'>>;

export type FlexpaySim = {
  /** FLEXPAY_BASE_URL: http://127.0.0.1:<port>/api/rest/v1 */
  baseUrl: string;
  /** FLEXPAY_CARD_URL: http://127.0.0.1:<port>/v1.1/pay */
  cardUrl: string;
  /** http://127.0.0.1:<port>: the control API is under /__sim. */
  origin: string;
  control: SimControl;
  close: () => Promise<void>;
};

/**
 * Starts a local FlexPay (PAYMENTS.md A5) on 127.0.0.1 only. Refuses to start in production: a
 * simulator that approves payments on request must never stand where the real provider should.
 */
export async function startFlexpaySim(options: FlexpaySimOptions): Promise<FlexpaySim> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The FlexPay simulator refuses to start with NODE_ENV=production');
  }
  const mode = options.mode ?? 'dev';
  const clock = createClock({ realTime: (options.clock ?? (mode === 'dev' ? 'real' : 'manual')) === 'real' });
  const merchantBalance = options.merchantBalance ?? { CDF: 10_000_000_00, USD: 100_000_00 };
  const ctx: SimContext = {
    clock,
    store: createTransactionStore(),
    dispatcher: createDispatcher(clock),
    random: createRandom(options.seed ?? 1),
    callbackPolicy: options.callbackPolicy ?? { kind: 'once' },
    release: new Set(),
    faults: { ...NO_FAULTS },
    programs: [],
    balance: { ...merchantBalance },
  };
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  const wireOptions: WireOptions = {
    merchant: options.merchant,
    token: options.token,
    mode,
    feePercent: options.feePercent ?? 2,
    notFoundStatus: options.notFoundStatus ?? 404,
    duplicateReference: options.duplicateReference ?? 'reject',
  };
  registerFaults(app, ctx);
  registerWireRoutes(app, ctx, wireOptions);
  let origin = '';
  registerCardRoutes(app, ctx, () => origin, wireOptions);
  // A reset starts the seeded sequence again: the same requests get the same order numbers.
  const control = createControl(ctx, () => {
    ctx.random = createRandom(options.seed ?? 1);
    ctx.faults = { ...NO_FAULTS };
    ctx.callbackPolicy = options.callbackPolicy ?? { kind: 'once' };
    ctx.programs.length = 0;
    ctx.balance = { ...merchantBalance };
  });
  registerControlRoutes(app, control);
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the simulator has no address');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl: `${origin}/api/rest/v1`,
    cardUrl: `${origin}/v1.1/pay`,
    origin,
    control,
    async close() {
      control.reset();
      await app.close();
      await ctx.dispatcher.flush();
    },
  };
}
