import { parseCallbackPolicy, type CallbackPolicy } from './dispatcher.ts';
import { parseFaults, type SimFaults } from './faults.ts';
import { parseProgram } from './programs.ts';
import { refund, settle, type SimContext } from './scenarios.ts';
import { formatWireAmount, type SimCurrency, type SimTransaction, type WireCall } from './transactions.ts';

/** A transaction as the control API shows it (JSON-ready, amounts in minor units and on the wire). */
export type SimTransactionView = Omit<SimTransaction, 'createdAt'> & {
  createdAt: string;
  amount: string;
  amountCustomer: string;
};

/** A control request that cannot be done: `status` is the HTTP status the control API answers. */
export class SimControlError extends Error {
  constructor(
    readonly status: 404 | 409 | 400,
    message: string,
  ) {
    super(message);
  }
}

export function viewOf(tx: SimTransaction): SimTransactionView {
  return {
    ...tx,
    callbacks: tx.callbacks.map((attempt) => ({ ...attempt })),
    createdAt: new Date(tx.createdAt).toISOString(),
    amount: formatWireAmount(tx.amountMinor),
    amountCustomer: formatWireAmount(tx.amountCustomerMinor),
  };
}

/** What tests, the CLI and the app's /dev/payments page drive the simulator with. */
export type SimControl = {
  transactions: () => SimTransactionView[];
  transaction: (orderNumber: string) => SimTransactionView | undefined;
  /** Every wire request received, oldest first. */
  calls: () => WireCall[];
  /** The payer approves a pending payment: status "0", callback by the sim's policy. */
  approve: (orderNumber: string) => Promise<SimTransactionView>;
  /** The payer declines it: status "1". */
  decline: (orderNumber: string) => Promise<SimTransactionView>;
  /** FlexPay refunds a paid payment: status "3", then "4" `refundedAfterMs` later. */
  refund: (orderNumber: string, refundedAfterMs?: number) => SimTransactionView;
  /** Moves the virtual clock; resolves once the callbacks it set off were delivered. */
  advanceClock: (ms: number) => Promise<void>;
  /** Virtual ms since the epoch. */
  now: () => number;
  /** Resolves once no callback delivery is under way. */
  flush: () => Promise<void>;
  /**
   * Programs the next `times` (default 1) payments of a phone, or the one of a reference, to play
   * `scenario` (a magic payer's name, or 'interactive'), whatever the number.
   */
  program: (program: { phone?: string; reference?: string; scenario: string; times?: number }) => void;
  /** Sets faults on the wire API (faults.ts); what is not given stays as it was. */
  setFaults: (faults: Partial<SimFaults>) => SimFaults;
  /** How callbacks are delivered from now on (until reset); scenarios that set their own keep it. */
  setCallbackPolicy: (policy: CallbackPolicy | 'none' | 'once') => CallbackPolicy;
  /** The merchant's balance for payouts, in minor units. */
  balance: () => Record<SimCurrency, number>;
  /** Forgets every transaction, call, scheduled event, programmed scenario and fault. */
  reset: () => void;
};

export function createControl(ctx: SimContext, onReset: () => void): SimControl {
  const find = (orderNumber: string) => {
    ctx.clock.runDue();
    const tx = ctx.store.get(orderNumber);
    if (!tx) throw new SimControlError(404, `no transaction ${orderNumber}`);
    return tx;
  };
  const decide = async (orderNumber: string, status: '0' | '1') => {
    const tx = find(orderNumber);
    const { changed, delivered } = settle(ctx, tx, status);
    if (!changed)
      throw new SimControlError(409, `transaction ${orderNumber} is not pending (status ${tx.status})`);
    await delivered;
    return viewOf(tx);
  };
  return {
    transactions: () => {
      ctx.clock.runDue();
      return ctx.store.all().map(viewOf);
    },
    transaction: (orderNumber) => {
      const tx = ctx.store.get(orderNumber);
      return tx && viewOf(tx);
    },
    calls: () => ctx.store.calls(),
    approve: (orderNumber) => decide(orderNumber, '0'),
    decline: (orderNumber) => decide(orderNumber, '1'),
    refund(orderNumber, refundedAfterMs) {
      const tx = find(orderNumber);
      if (!refund(ctx, tx, refundedAfterMs)) {
        throw new SimControlError(409, `transaction ${orderNumber} is not paid (status ${tx.status})`);
      }
      return viewOf(tx);
    },
    async advanceClock(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new SimControlError(400, 'ms: a number of milliseconds ≥ 0');
      ctx.clock.advance(ms);
      await ctx.dispatcher.flush();
    },
    now: () => ctx.clock.now(),
    program(body) {
      const program = parseProgram(body);
      if (typeof program === 'string') throw new SimControlError(400, program);
      ctx.programs.push(program);
    },
    setFaults(body) {
      const faults = parseFaults(body, ctx.faults);
      if (typeof faults === 'string') throw new SimControlError(400, faults);
      ctx.faults = faults;
      return { ...faults };
    },
    setCallbackPolicy(body) {
      const policy = parseCallbackPolicy(body);
      if (typeof policy === 'string') throw new SimControlError(400, policy);
      ctx.callbackPolicy = policy;
      return policy;
    },
    balance: () => ({ ...ctx.balance }),
    flush: () => ctx.dispatcher.flush(),
    reset() {
      ctx.clock.clear();
      ctx.dispatcher.forget();
      ctx.store.reset();
      for (const release of ctx.release) release();
      ctx.release.clear();
      onReset();
    },
  };
}
