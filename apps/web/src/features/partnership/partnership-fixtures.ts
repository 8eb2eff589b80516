/** Test helpers of the partnership screens: the server's answers as packages/shared/partnership.ts shapes them. */
import type {
  Journal,
  PartnerBalance,
  PartnershipAnswer,
  Withdrawal,
  WithdrawalAccount,
} from '@motema/shared/partnership';
import { jsonResponse } from '../../test/render-page.tsx';

export { callsOf, stubBillingApi as stubApi } from '../billing/billing-fixtures.ts';

export const PARTNERSHIP = {
  _id: 'pt-1',
  code: 'K7P2QX',
  startDate: '2026-10-01T10:00:00.000Z',
  endDate: null,
  percentage: 10,
  holdDays: 14,
};

export const balance = (change: Partial<PartnerBalance> = {}): PartnerBalance => ({
  currency: 'USD',
  pending: 350,
  available: 1_250,
  inFlight: 0,
  revenue: 4_600,
  minimum: 1_000,
  ...change,
});

export const account = (change: Partial<WithdrawalAccount> = {}): WithdrawalAccount => ({
  phone: '243812345678',
  status: 'proven',
  provenAt: '2026-11-01T10:00:00.000Z',
  withdrawableFrom: '2026-11-04T10:00:00.000Z',
  proofAmount: { amount: 100, currency: 'USD' },
  ...change,
});

/** A partner with $12.50 available and a proven number past its cooldown, unless `change` says otherwise. */
export const partner = (change: Partial<PartnershipAnswer> = {}): PartnershipAnswer => ({
  partnership: PARTNERSHIP,
  balances: [balance()],
  children: 2,
  withdrawalAccount: account(),
  withdrawal: null,
  ...change,
});

/** A partner holding CDF 15,000 only, below the CDF minimum (28,000), and nothing in USD. */
export const cdfOnlyPartner = (): PartnershipAnswer =>
  partner({
    balances: [
      balance({ pending: 0, available: 0, revenue: 0 }),
      balance({ currency: 'CDF', pending: 0, available: 1_500_000, revenue: 1_500_000, minimum: 2_800_000 }),
    ],
  });

/** Every currency at 0, as the server answers a member who holds nothing yet (each with its minimum). */
const NOTHING_HELD = [
  balance({ pending: 0, available: 0, revenue: 0 }),
  balance({ currency: 'CDF', pending: 0, available: 0, revenue: 0, minimum: 2_800_000 }),
];

/** A partner with nothing yet: no share earned, no number. */
export const freshPartner = (): PartnershipAnswer =>
  partner({ balances: NOTHING_HELD, children: 0, withdrawalAccount: null });

/** A member who has not joined. */
export const NOT_PARTNER: PartnershipAnswer = {
  partnership: null,
  balances: NOTHING_HELD,
  children: 0,
  withdrawalAccount: null,
  withdrawal: null,
};

export const journal = (change: Partial<Journal> = {}): Journal => ({
  _id: 'j-1',
  createdAt: '2026-11-20T09:30:00.000Z',
  kind: 'commission',
  amount: 140,
  moved: 140,
  currency: 'USD',
  child: { _id: 'u-7', name: 'Bisou' },
  payment: { _id: 'pay-7', reference: 'MTM7K2Q9XA' },
  withdrawal: null,
  ...change,
});

export const withdrawal = (change: Partial<Withdrawal> = {}): Withdrawal => ({
  _id: 'w-1',
  amount: 1_250,
  currency: 'USD',
  phone: '243812345678',
  status: 'PENDING',
  createdAt: '2026-11-24T10:00:00.000Z',
  settledAt: null,
  ...change,
});

/** A refusal as the server sends it, with its details (`until`, `limit`). */
export const refusal = (status: number, code: string, details: Record<string, unknown> = {}) =>
  jsonResponse(status, { statusCode: status, code, message: code, ...details });
