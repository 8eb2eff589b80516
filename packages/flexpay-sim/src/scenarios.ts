import type { SimClock } from './clock.ts';
import { callbackBody, type CallbackPolicy, type Dispatcher } from './dispatcher.ts';
import type { SimFaults } from './faults.ts';
import type { MagicScenario } from './magic-payers.ts';
import type { Program } from './programs.ts';
import type { SimRandom } from './random.ts';
import type { SimCurrency, SimTransaction, TransactionStore, TxStatus } from './transactions.ts';

/** What every part of the simulator shares. */
export type SimContext = {
  clock: SimClock;
  store: TransactionStore;
  dispatcher: Dispatcher;
  random: SimRandom;
  /** The policy of callbacks a scenario does not set itself. */
  callbackPolicy: CallbackPolicy;
  /** Answers the wire API holds back (a timeout scenario) are let go on reset and close. */
  release: Set<() => void>;
  faults: SimFaults;
  programs: Program[];
  /** The merchant's balance for payouts, in minor units: a payout takes from it, a failed one gives back. */
  balance: Record<SimCurrency, number>;
};

/** How "later" the scenarios are, on the virtual clock. */
export const SETTLE_AFTER_MS = 2_000;
export const LATE_CALLBACK_AFTER_MS = 10 * 60_000;
export const REFUND_AFTER_MS = 10 * 60_000;
export const REFUNDED_AFTER_MS = 5 * 60_000;

/** How the init request is answered: as usual, held until the client gives up, or an HTML page. */
export type InitAnswer = { kind: 'json'; before?: Promise<void> } | { kind: 'hang' } | { kind: 'html' };

/**
 * Moves a pending transaction to a final status and sends its callback (by `policy`). Returns false,
 * changing nothing, if it was not pending: approving twice, or a payer deciding after the scenario.
 */
export function settle(
  ctx: SimContext,
  tx: SimTransaction,
  status: Extract<TxStatus, '0' | '1' | '5'>,
  policy: CallbackPolicy = ctx.callbackPolicy,
): { changed: boolean; delivered: Promise<void> } {
  if (tx.status !== '2') return { changed: false, delivered: Promise.resolve() };
  tx.status = status;
  if (tx.kind === 'payout' && status !== '0') ctx.balance[tx.currency] += tx.amountMinor;
  if (status === '0') tx.providerReference = `${tx.channel.toUpperCase()}${ctx.random.digits(10)}`;
  return { changed: true, delivered: ctx.dispatcher.deliver(tx, callbackBody(tx), policy) };
}

/** Moves a paid transaction through refund pending ("3") to refunded ("4"), `refundedAfterMs` apart. */
export function refund(ctx: SimContext, tx: SimTransaction, refundedAfterMs = REFUNDED_AFTER_MS): boolean {
  if (tx.status !== '0') return false;
  tx.status = '3';
  ctx.clock.at(ctx.clock.now() + refundedAfterMs, () => {
    if (tx.status === '3') tx.status = '4';
  });
  return true;
}

const later = (ctx: SimContext, ms: number, run: () => void) => ctx.clock.at(ctx.clock.now() + ms, run);

/** Plays the transaction's scenario from its creation; says how the init request is to be answered. */
export function playScenario(ctx: SimContext, tx: SimTransaction): InitAnswer {
  const scenario: MagicScenario | 'interactive' = tx.scenario;
  switch (scenario) {
    case 'interactive':
    case 'pendingForever':
    case 'insufficientFunds':
      return { kind: 'json' };
    case 'success':
    case 'amountMismatch':
    case 'flakyCheck':
    case 'payoutSuccess':
      later(ctx, SETTLE_AFTER_MS, () => settle(ctx, tx, '0'));
      return { kind: 'json' };
    case 'declined':
    case 'payoutFailure':
      later(ctx, SETTLE_AFTER_MS, () => settle(ctx, tx, '1'));
      return { kind: 'json' };
    case 'silentSuccess':
      later(ctx, SETTLE_AFTER_MS, () => settle(ctx, tx, '0', { kind: 'none' }));
      return { kind: 'json' };
    case 'repeatedCallbacks':
      later(ctx, SETTLE_AFTER_MS, () => {
        if (!settle(ctx, tx, '0', { kind: 'duplicate', copies: 3 }).changed) return;
        later(ctx, LATE_CALLBACK_AFTER_MS, () => {
          void ctx.dispatcher.deliver(tx, callbackBody(tx), { kind: 'once' });
        });
      });
      return { kind: 'json' };
    case 'callbackFirst':
      return { kind: 'json', before: settle(ctx, tx, '0').delivered };
    case 'initTimeout':
    case 'payoutTimeoutThenSuccess':
      later(ctx, SETTLE_AFTER_MS, () => settle(ctx, tx, '0'));
      return { kind: 'hang' };
    case 'payoutTimeoutThenFailure':
      later(ctx, SETTLE_AFTER_MS, () => settle(ctx, tx, '1'));
      return { kind: 'hang' };
    case 'payoutUnknown':
      return { kind: 'hang' };
    case 'htmlInit':
      later(ctx, SETTLE_AFTER_MS, () => settle(ctx, tx, '0'));
      return { kind: 'html' };
    case 'lyingCallback':
      later(ctx, SETTLE_AFTER_MS, () => {
        if (tx.status !== '2') return;
        tx.status = '1';
        void ctx.dispatcher.deliver(tx, callbackBody(tx, { code: '0' }), ctx.callbackPolicy);
      });
      return { kind: 'json' };
    case 'refundLater':
      later(ctx, SETTLE_AFTER_MS, () => {
        if (!settle(ctx, tx, '0').changed) return;
        later(ctx, REFUND_AFTER_MS, () => refund(ctx, tx));
      });
      return { kind: 'json' };
  }
}
