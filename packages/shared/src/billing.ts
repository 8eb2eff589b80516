import { z } from 'zod';
import { LimitSchema, SkipSchema, sortSchema } from './paging.ts';

/** Currencies Premium is sold in. Amounts are integer minor units (cents, centimes) everywhere (M1). */
export const CURRENCIES = ['USD', 'CDF'] as const;
export const CurrencySchema = z.enum(CURRENCIES, { error: 'invalid_value' });
export type Currency = z.infer<typeof CurrencySchema>;

/** An amount in minor units of its currency: 499 USD is $4.99, 1400000 CDF is 14,000 FC. */
export const MoneySchema = z.object({ amount: z.number().int(), currency: CurrencySchema });
export type Money = z.infer<typeof MoneySchema>;

/** Subscriptions and payments pages (SPEC.md section 9). */
export const BILLING_PAGE_SIZE = 96;

/**
 * A plan of the catalogue (SPEC "Subscription"). What it gives is said from its fields: `days` of
 * Premium; writing to members up to `popularity` points more popular than the free margin allows;
 * `preferences`: writing to members whose match preferences the buyer does not fit. `expired` is
 * true for a plan no longer sold (a pass bought on it still runs).
 */
export const SubscriptionSchema = z.object({
  _id: z.string(),
  /** Stable name of the plan ('week', 'month', 'quarter'): the web app translates its title. */
  key: z.string(),
  /** Price in each currency, in minor units. */
  cost: z.object({ USD: z.number().int(), CDF: z.number().int() }),
  days: z.number().int(),
  /** Percent (0-100) by which the plan widens the popularity gap a member may write across. */
  popularity: z.number().int(),
  preferences: z.boolean(),
  /** Share of buyers who choose this plan, for "most chosen" (0-100). */
  popular: z.number().int(),
  expired: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/**
 * How plans rank (decision 0026, amended): by what they give, not by their price. First the
 * popularity percent, then whether they include preferences, then the days. Positive when `a` ranks
 * above `b`. A pass of a better plan than the member's best running one starts at once; the server's
 * entitlement and the web app's "on hold" read this order.
 */
export function comparePlans(
  a: Pick<Subscription, 'popularity' | 'preferences' | 'days'>,
  b: Pick<Subscription, 'popularity' | 'preferences' | 'days'>,
): number {
  return a.popularity - b.popularity || Number(a.preferences) - Number(b.preferences) || a.days - b.days;
}

export const SubscriptionsQuerySchema = z.object({
  sort: sortSchema(['-cost', '+cost']).default('-cost'),
  skip: SkipSchema,
  limit: LimitSchema.optional(),
});
export const SubscriptionsAnswerSchema = z.object({
  subscriptions: z.array(SubscriptionSchema),
  count: z.number().int(),
});

/**
 * A pass the member bought (SPEC "User subscription"): prepaid, buying again extends the current
 * one. `expired` on `subscription` says the pass has ended; `endsAt` is when it ends (or ended).
 */
export const UserSubscriptionSchema = z.object({
  _id: z.string(),
  subscription: SubscriptionSchema,
  createdAt: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Set once the member cancelled it: the pass still runs to `endsAt` (decision 0026). */
  canceledAt: z.string().nullable(),
  /** Set when a refund revoked it: it ended then (`endsAt`), and later passes moved earlier. */
  revokedAt: z.string().nullable(),
});
export type UserSubscription = z.infer<typeof UserSubscriptionSchema>;

/**
 * POST /api/user-subscriptions/{id}/cancel (the owner's pass only; 404 otherwise) answers the pass,
 * `canceledAt` set. Passes are prepaid and nothing renews, so a cancelled pass keeps its days: it ends
 * at its `endsAt` as before (decision 0026). A second cancel keeps the first date.
 */
export const CancelUserSubscriptionAnswerSchema = UserSubscriptionSchema;

export const UserSubscriptionsQuerySchema = z.object({
  sort: sortSchema(['+createdAt', '-createdAt']).default('+createdAt'),
  skip: SkipSchema,
  limit: LimitSchema.optional(),
});
export const UserSubscriptionsAnswerSchema = z.object({
  subscriptions: z.array(UserSubscriptionSchema),
  count: z.number().int(),
});

export const PAYMENT_METHODS = ['mobile_money', 'card'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'invalid_value' });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
/** SPEC.md section 9: Mobile Money unless the member chose otherwise (remembered on the device). */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'mobile_money';

/** Where members write about their payments and refunds (the address the legal pages give). */
export const SUPPORT_EMAIL = 'support@motema.app';

/** What the member is shown (PAYMENTS.md A1.8): internal states map to these three. */
export const PAYMENT_STATUSES = ['PENDING', 'FAILED', 'SUCCESS'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a payment is FAILED, or what to say of a PENDING or SUCCESS one (the web app translates each):
 * `declined` by the payer, `insufficient_funds`, `canceled` (card page left), `expired` (no answer in
 * time; "if you were charged it will be credited automatically"), `refunded` (the pass was revoked),
 * `provider_error` (the provider refused the request), `in_review` (paid but amounts differ: our team
 * checks it), `checking` (the payment service never answered the request: its outcome is being
 * checked, and a charge is credited), `member_cancelled` (the member stopped waiting: should it be
 * approved after all, the pass is credited).
 */
export const PAYMENT_REASONS = [
  'declined',
  'insufficient_funds',
  'canceled',
  'expired',
  'refunded',
  'provider_error',
  'in_review',
  'checking',
  'member_cancelled',
] as const;
export type PaymentReason = (typeof PAYMENT_REASONS)[number];

export const PaymentSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  method: PaymentMethodSchema,
  /** The plan's id. */
  subscription: z.string(),
  transaction: z.object({
    amount: z.number().int(),
    currency: CurrencySchema,
    status: z.enum(PAYMENT_STATUSES),
  }),
  reason: z.enum(PAYMENT_REASONS).nullable(),
  /** The payer's number, its country code and last 3 digits shown ("243••••••567"); null for cards. */
  phone: z.string().nullable(),
  /** Card payments only, while PENDING: the provider's hosted card page to send the browser to. */
  redirectUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentsQuerySchema = z.object({ skip: SkipSchema, limit: LimitSchema.optional() });
export const PaymentsAnswerSchema = z.object({ payments: z.array(PaymentSchema), count: z.number().int() });

/** A payer's number as FlexPay takes it: 243 and the 9 digits of a Congolese number. */
export const PAYER_PHONE_PATTERN = /^243[0-9]{9}$/;

/**
 * A payer's number written any usual way ("+243 81 234 5678", "00243812345678", "0812345678",
 * "812345678") as 243 + 9 digits, or null when it is not one (P4). Only ASCII digits count:
 * other scripts' digits, letters and stray signs make it invalid rather than being dropped.
 */
export function normalisePayerPhone(input: string): string | null {
  const compact = input.replace(/[\s.\-()]/g, '');
  if (!/^\+?[0-9]+$/.test(compact)) return null;
  const digits = compact.startsWith('+') ? compact.slice(1) : compact;
  const national = digits.startsWith('00243')
    ? digits.slice(5)
    : digits.startsWith('243') && digits.length === 12
      ? digits.slice(3)
      : digits.startsWith('0') && digits.length === 10
        ? digits.slice(1)
        : digits;
  if (compact.startsWith('+') && !digits.startsWith('243')) return null;
  const phone = `243${national}`;
  return PAYER_PHONE_PATTERN.test(phone) && !national.startsWith('0') ? phone : null;
}

/** POST /api/payments/init/flex (with an `Idempotency-Key` header). The price is the server's (P3). */
export const PaymentInitSchema = z
  .object({
    subscription: z.string({ error: 'subscription_required' }).min(1, { error: 'subscription_required' }),
    method: PaymentMethodSchema.default(DEFAULT_PAYMENT_METHOD),
    currency: CurrencySchema.default('CDF'),
    phone: z.string({ error: 'phone_invalid' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method !== 'mobile_money') return;
    if (body.phone === undefined || normalisePayerPhone(body.phone) === null)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'payer_phone_invalid' });
  });
export type PaymentInit = z.infer<typeof PaymentInitSchema>;

/** The header P2 requires on a payment start: any client-chosen string of 1 to 255 characters. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z.string().min(1).max(255);

/** Why the server refused a message behind the paywall (SPEC section 10). */
export const PAYMENT_REQUIRED_REASONS = ['UserPopularity', 'UserPreferences'] as const;
export type PaymentRequiredReason = (typeof PAYMENT_REQUIRED_REASONS)[number];

/**
 * The popularity gap (recipient minus sender, in points of 0-100) a member without a pass may
 * write across. A pass adds its plan's `popularity` percent of the remaining room.
 */
export const FREE_POPULARITY_MARGIN = 10;

/** The payment a send behind the paywall asks for: to write to `profile` (the recipient's id), and why. */
export type PaymentRequired = { profile: string; error: PaymentRequiredReason; plan?: string };

/**
 * The popularity gap a plan of `popularityPercent` lets its member write across first, in whole
 * points: the free margin widened by that percent of the remaining room (the paywall's rule,
 * `paywall.policy.ts`); 100 for a plan that reaches everyone.
 */
export function planReachPoints(popularityPercent: number): number {
  return Math.floor(FREE_POPULARITY_MARGIN + ((100 - FREE_POPULARITY_MARGIN) * popularityPercent) / 100);
}

/**
 * The socket answer to a send behind the paywall: `app:error` with this payload, "payment profile and
 * error" (SPEC section 7): `payment` holds the recipient's id, the reason and `plan`, the id of the
 * least plan on sale that would reach the recipient (absent when none does), which `profile`, `error`
 * and `plan` also carry at the top level.
 */
export type PaymentRequiredEvent = PaymentRequired & {
  action: 'PaymentRequired';
  payment: PaymentRequired;
};
