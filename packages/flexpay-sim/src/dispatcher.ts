import type { SimClock } from './clock.ts';
import {
  formatWireAmount,
  formatWireDate,
  type CallbackAttempt,
  type SimTransaction,
} from './transactions.ts';

/**
 * How callbacks are delivered. FlexPay's retry policy is unknown (A1.4), so the default is `once`
 * with no retry: the app must never depend on a callback. `retry` retries a failed delivery
 * (network error or non-2xx) after `backoffMs`, doubling; `duplicate` delivers `copies` times.
 */
export type CallbackPolicy =
  | { kind: 'none' }
  | { kind: 'once' }
  | { kind: 'retry'; attempts: number; backoffMs: number }
  | { kind: 'duplicate'; copies: number };

const DELIVERY_TIMEOUT_MS = 10_000;

/** Reads a policy given over HTTP: an object of the type above, or 'none' | 'once'. */
export function parseCallbackPolicy(value: unknown): CallbackPolicy | string {
  if (value === 'none' || value === 'once') return { kind: value };
  const policy = (value ?? {}) as Record<string, unknown>;
  const whole = (n: unknown, min: number): n is number =>
    typeof n === 'number' && Number.isInteger(n) && n >= min;
  switch (policy.kind) {
    case 'none':
    case 'once':
      return { kind: policy.kind };
    case 'retry':
      if (whole(policy.attempts, 1) && whole(policy.backoffMs, 0)) {
        return { kind: 'retry', attempts: policy.attempts, backoffMs: policy.backoffMs };
      }
      return 'retry: attempts (≥ 1) and backoffMs (≥ 0), whole numbers';
    case 'duplicate':
      if (whole(policy.copies, 1)) return { kind: 'duplicate', copies: policy.copies };
      return 'duplicate: copies, a whole number ≥ 1';
    default:
      return "kind: 'none', 'once', 'retry' or 'duplicate'";
  }
}

/** The callback's JSON body ("Result", A1.4), as the transaction stands, or as a lying scenario claims. */
export function callbackBody(tx: SimTransaction, claim?: { code: '0' | '1' }): Record<string, unknown> {
  const paid = claim ? claim.code === '0' : tx.status === '0';
  return {
    code: paid ? '0' : '1',
    reference: tx.reference,
    provider_reference: paid ? (tx.providerReference ?? `MP${tx.orderNumber.slice(0, 10)}`) : null,
    orderNumber: tx.orderNumber,
    amount: formatWireAmount(tx.amountMinor),
    amountCustomer: formatWireAmount(tx.amountCustomerMinor),
    phone: tx.phone,
    currency: tx.currency,
    createdAt: formatWireDate(tx.createdAt),
    channel: tx.channel,
  };
}

/** POSTs callbacks to each transaction's `callbackUrl`, recording every attempt on the transaction. */
export function createDispatcher(clock: SimClock) {
  const inFlight = new Set<Promise<void>>();
  let generation = 0;

  const attempt = async (tx: SimTransaction, body: Record<string, unknown>): Promise<boolean> => {
    const record: CallbackAttempt = {
      at: new Date(clock.now()).toISOString(),
      url: tx.callbackUrl,
      body,
      httpStatus: null,
      error: null,
    };
    tx.callbacks.push(record);
    try {
      const response = await fetch(tx.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      record.httpStatus = response.status;
      return response.ok;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      return false;
    }
  };

  const track = (delivery: Promise<unknown>) => {
    const settled = delivery.then(
      () => {},
      () => {},
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
    return settled;
  };

  return {
    /** Starts delivering by `policy`; the returned promise ends with the first round of attempts. */
    deliver(tx: SimTransaction, body: Record<string, unknown>, policy: CallbackPolicy): Promise<void> {
      const mine = generation;
      switch (policy.kind) {
        case 'none':
          return Promise.resolve();
        case 'once':
          return track(attempt(tx, body));
        case 'duplicate':
          return track(
            (async () => {
              for (let i = 0; i < policy.copies; i++) await attempt(tx, body);
            })(),
          );
        case 'retry': {
          const tryFrom = (n: number): Promise<void> =>
            track(
              attempt(tx, body).then((ok) => {
                if (ok || n + 1 >= policy.attempts || mine !== generation) return;
                clock.at(clock.now() + policy.backoffMs * 2 ** n, () => void tryFrom(n + 1));
              }),
            );
          return tryFrom(0);
        }
      }
    },
    /** Resolves once no delivery is under way (retries scheduled on the clock are not waited for). */
    async flush() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** Forgets scheduled retries (reset). */
    forget() {
      generation++;
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
