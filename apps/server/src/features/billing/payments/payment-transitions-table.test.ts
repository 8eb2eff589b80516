import { describe, expect, it } from 'vitest';
import {
  OPEN_PAYMENT_STATES,
  PAYMENT_STATES,
  type PaymentState,
} from '../../../db/schema/billing-payments.ts';
import type { InitOutcome, ProviderStatus } from '../../money/providers/payment-provider.ts';
import {
  afterCheck,
  afterInit,
  afterMemberCancel,
  afterOperator,
  afterReview,
  TRANSITIONS,
  type Expected,
  type Transition,
} from './payment-transitions.ts';

// TRANSITIONS is the table the database's trigger mirrors (payments-database-rules.test.ts holds the
// trigger to it): here it is held to what the state machine's functions and the sweeper really do.

const expected: Expected = { reference: 'REF0000000000000001', amount: { minor: 499, currency: 'USD' } };

const outcomes: InitOutcome[] = [
  { kind: 'ACCEPTED', providerRef: 'X' },
  { kind: 'REJECTED', code: '1', message: 'Insufficient funds' },
  { kind: 'REJECTED', code: '1', message: 'Merchant inconnu' },
  { kind: 'UNKNOWN', error: 'timeout' },
];

const observations: ProviderStatus[] = [
  { kind: 'SUCCESS', reference: expected.reference, paid: expected.amount },
  { kind: 'SUCCESS', reference: expected.reference, paid: { minor: 1, currency: 'USD' } },
  { kind: 'FAILED', reason: 'Refusé' },
  { kind: 'CANCELLED' },
  { kind: 'PENDING' },
  { kind: 'REFUND_PENDING' },
  { kind: 'REFUNDED' },
  { kind: 'INDETERMINATE', why: 'transport' },
];

/** Every (from, to) pair the code can produce, as "FROM->TO". */
function movesOfTheCode(): Set<string> {
  const moves = new Set<string>();
  const add = (from: PaymentState, to: Transition | null) => {
    if (to) moves.add(`${from}->${to.status}`);
  };
  for (const outcome of outcomes) add('CREATED', afterInit(outcome));
  for (const from of PAYMENT_STATES) {
    for (const observed of observations) add(from, afterCheck(from, observed, expected));
    add(from, afterOperator(from, 'paid'));
    add(from, afterOperator(from, 'failed'));
    add(from, afterMemberCancel(from));
    add(from, afterReview(from, 'accept'));
    add(from, afterReview(from, 'refund'));
  }
  // The sweeper's bulk moves (payments.repository.ts expireOpenBefore and abandonCreatedBefore).
  for (const from of OPEN_PAYMENT_STATES) moves.add(`${from}->EXPIRED`);
  moves.add('CREATED->INIT_UNKNOWN');
  return moves;
}

describe('the table of payment transitions', () => {
  it('holds exactly the moves the state machine and the sweeper make', () => {
    const table = PAYMENT_STATES.flatMap((from) => TRANSITIONS[from].map((to) => `${from}->${to}`));
    expect(new Set(table)).toEqual(movesOfTheCode());
  });
});
