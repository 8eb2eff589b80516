import type { MagicScenario } from './magic-payers.ts';

/** FlexPay's `transaction.status`: 0 success, 1 failed, 2 pending, 3 refund pending, 4 refunded, 5 cancelled. */
export type TxStatus = '0' | '1' | '2' | '3' | '4' | '5';
export type SimCurrency = 'CDF' | 'USD';

/** One delivery attempt of a callback, as the simulator made it. */
export type CallbackAttempt = {
  at: string;
  url: string;
  body: Record<string, unknown>;
  /** The answer's HTTP status, or null when the delivery failed (`error`). */
  httpStatus: number | null;
  error: string | null;
};

export type SimTransaction = {
  orderNumber: string;
  kind: 'collection' | 'payout' | 'card';
  reference: string;
  merchant: string;
  /** "1" mobile money, "2" card. */
  type: '1' | '2';
  /** Mobile money and payouts: the payer's (payee's) number. */
  phone: string | null;
  /** The amount asked, in minor units (the wire carries major units as a string). */
  amountMinor: number;
  /** What the payer paid, fees included (A1.5): never to be used to validate a payment. */
  amountCustomerMinor: number;
  currency: SimCurrency;
  description: string | null;
  callbackUrl: string;
  /** Card only: the hosted page's id (/checkout/:id). */
  checkoutId: string | null;
  /** Card only: where the hosted page sends the browser back. */
  browserReturn: { approve: string; decline: string; cancel: string; home: string | null } | null;
  /** Virtual ms since the epoch. */
  createdAt: number;
  status: TxStatus;
  /** The scenario it plays: a magic payer's, one programmed with /__sim/scenario, or 'interactive'. */
  scenario: MagicScenario | 'interactive';
  channel: string;
  /** The operator's reference, once paid. */
  providerReference: string | null;
  /** How many times check asked for it. */
  checks: number;
  callbacks: CallbackAttempt[];
};

/** One request to the wire API (not the control API), with what was answered. */
export type WireCall = {
  at: string;
  method: string;
  path: string;
  /** Whether `Authorization: Bearer <token>` was right. The token itself is never recorded. */
  auth: 'valid' | 'missing' | 'invalid';
  /** Headers received, without `authorization`. */
  headers: Record<string, string>;
  /** The body received (a card request's `authorization` field replaced with the same verdict). */
  body: unknown;
  httpStatus: number;
  answer: unknown;
  /** A fault of POST /__sim/faults that replaced the answer (the client saw that instead). */
  fault: 'drop' | 'error' | 'html' | null;
};

/** Major units as FlexPay's check shows them (a Java double: "50.0", "0.5", "1.03"). */
export function formatWireAmount(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const cents = minor % 100;
  if (cents === 0) return `${whole}.0`;
  return `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * A major-unit amount string ("10", "0.5", "19.99") in minor units; null unless a positive amount of
 * at most 2 decimals without decorative zeros ("10.00" and "0.50" are refused, A1.3).
 */
export function parseWireAmount(value: string): number | null {
  const match = /^(0|[1-9][0-9]{0,12})(?:\.([0-9]?[1-9]))?$/.exec(value);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** "dd-MM-yyyy HH:mm:ss" in Kinshasa time (UTC+1, no summer time), as FlexPay writes dates. */
export function formatWireDate(ms: number): string {
  const d = new Date(ms + 60 * 60 * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** The operator a Congolese number belongs to, as FlexPay's `channel` names it. */
export function channelOf(phone: string | null): string {
  const prefix = phone?.slice(3, 5) ?? '';
  if (['81', '82', '83'].includes(prefix)) return 'mpesa';
  if (['84', '85', '89', '80'].includes(prefix)) return 'om';
  if (['97', '98', '99'].includes(prefix)) return 'airtel';
  if (prefix === '90') return 'afrimoney';
  return 'mpesa';
}

/** The transactions and calls the simulator holds; `reset` forgets them. */
export function createTransactionStore() {
  const byOrderNumber = new Map<string, SimTransaction>();
  const byReference = new Map<string, SimTransaction>();
  const calls: WireCall[] = [];
  return {
    add(tx: SimTransaction) {
      byOrderNumber.set(tx.orderNumber, tx);
      if (!byReference.has(tx.reference)) byReference.set(tx.reference, tx);
    },
    get: (orderNumber: string) => byOrderNumber.get(orderNumber),
    byCheckoutId: (id: string) => [...byOrderNumber.values()].find((tx) => tx.checkoutId === id),
    byReference: (reference: string) => byReference.get(reference),
    all: () => [...byOrderNumber.values()],
    record: (call: WireCall) => void calls.push(call),
    calls: () => [...calls],
    reset() {
      byOrderNumber.clear();
      byReference.clear();
      calls.length = 0;
    },
  };
}
export type TransactionStore = ReturnType<typeof createTransactionStore>;
