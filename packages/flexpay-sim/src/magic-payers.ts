/**
 * The simulator's magic numbers (PAYMENTS.md A5), Stripe-test-card style: a payment started for one
 * of these payers plays out the scenario described, with no one at the control API. Any other number
 * is interactive: it stays pending until approved or declined (`/__sim/tx/:orderNumber/approve`).
 * Tests and docs/payments.md read this one constant (a test checks the docs' table against it).
 */
export const MAGIC_PAYERS = {
  success: { msisdn: '243990000001', behaviour: 'succeeds 2 s later (virtual clock), one callback' },
  declined: { msisdn: '243990000002', behaviour: 'the payer declines 2 s later: status "1", one callback' },
  insufficientFunds: {
    msisdn: '243990000003',
    behaviour: 'init answers code "1" "Insufficient funds": no transaction',
  },
  silentSuccess: {
    msisdn: '243990000004',
    behaviour: 'succeeds 2 s later, no callback ever (forces polling)',
  },
  repeatedCallbacks: {
    msisdn: '243990000005',
    behaviour: 'succeeds 2 s later, callback delivered 3 times, and once more 10 min later',
  },
  callbackFirst: {
    msisdn: '243990000006',
    behaviour: 'succeeds at once: the callback arrives before the init answer',
  },
  initTimeout: {
    msisdn: '243990000007',
    behaviour: 'init never answers (the client times out), but the transaction exists and succeeds 2 s later',
  },
  flakyCheck: {
    msisdn: '243990000008',
    behaviour: 'check answers "Aucune transaction trouvée" with HTTP 500 3 times, then the success',
  },
  lyingCallback: {
    msisdn: '243990000009',
    behaviour: 'the callback claims success (code "0") but check says failed (status "1")',
  },
  amountMismatch: {
    msisdn: '243990000010',
    behaviour: 'succeeds 2 s later, but check reports half the amount asked',
  },
  pendingForever: {
    msisdn: '243990000011',
    behaviour: 'pending forever (status "2"), until approved or declined by hand',
  },
  refundLater: {
    msisdn: '243990000012',
    behaviour: 'succeeds 2 s later, refund pending (status "3") 10 min later, refunded ("4") 5 min after',
  },
  htmlInit: {
    msisdn: '243990000013',
    behaviour: 'init answers an HTML error page with HTTP 200; the transaction exists and succeeds 2 s later',
  },
  payoutSuccess: { msisdn: '243990000100', behaviour: 'payout succeeds 2 s later' },
  payoutFailure: { msisdn: '243990000101', behaviour: 'payout fails 2 s later (status "1")' },
  payoutTimeoutThenSuccess: {
    msisdn: '243990000102',
    behaviour: 'payout init never answers (the client times out); the payout succeeds 2 s later',
  },
  payoutTimeoutThenFailure: {
    msisdn: '243990000103',
    behaviour: 'payout init never answers (the client times out); the payout fails 2 s later',
  },
  payoutUnknown: {
    msisdn: '243990000104',
    behaviour:
      'payout init never answers, no callback ever, and check never finds it: an outcome only an operator can learn',
  },
} as const satisfies Record<string, { msisdn: string; behaviour: string }>;

export type MagicScenario = keyof typeof MAGIC_PAYERS;

/**
 * Test cards of the simulated hosted card page (any future expiry, any 3-digit CVV). Any other
 * well-formed number is approved too; only `declined` is refused.
 */
export const MAGIC_CARDS = {
  approved: { number: '5555555555554444', behaviour: 'the card payment succeeds' },
  declined: { number: '4000000000000002', behaviour: 'the card is declined (status "1")' },
} as const;

/** The magic scenario a payer's number plays, if any. */
export function magicScenarioOf(msisdn: string | null | undefined): MagicScenario | null {
  if (!msisdn) return null;
  for (const [name, payer] of Object.entries(MAGIC_PAYERS)) {
    if (payer.msisdn === msisdn) return name as MagicScenario;
  }
  return null;
}
